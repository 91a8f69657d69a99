import type { ExportElement } from "../contracts/payroll-settings";
import type { PayDay, PaySummary } from "./pay-elements";

// One gross for one pay period, whichever file carries it (docs/payroll-exports.md, "Hours and amounts").
// Pure arithmetic in whole numbers: hours in hundredths, money in pence.
//
// - Hours are rounded once, per pay element per period: its minutes up to the next hundredth of an hour,
//   so hours × rate never pays less time than was worked (at most 36 seconds more).
// - A day's share (Xero takes a line per day) is the difference between the rounded running totals, so the
//   days always add up to the period's hours.
// - An amount is the exported hours × the hourly rate × the multiplier, rounded half up to the penny.
//   Straight-time hours (×1) are priced together with basic, as BrightPay pays them in one column: each
//   is the amount of the running ×1 total less the amount before it.
// - Rolled-up holiday pay is 12.07% of the period's gross, rounded half up to the penny.

/** 12.07% in ten-thousandths (5.6 weeks / 46.4 working weeks: docs/compliance.md). */
export const ROLLED_UP_TEN_THOUSANDTHS = 1207;

export type ExportLine = {
  element: ExportElement;
  /** Hours in hundredths; null for rolled-up holiday pay, which is an amount. */
  hundredths: number | null;
  multiplier: number;
  /** The amount in pence; null without an hourly rate. */
  amountPence: number | null;
};

/** Minutes as hundredths of an hour, rounded up. */
export const hundredthsOf = (minutes: number) => Math.ceil((Math.max(0, minutes) * 100) / 60);

/** Half up, for a non-negative whole number divided by a positive one. */
const divideHalfUp = (numerator: number, denominator: number) =>
  Math.floor((numerator * 2 + denominator) / (denominator * 2));

/** hundredths × pence × multiplier, to the penny. */
export function amountOf(hundredths: number, ratePence: number, multiplier: number): number {
  return divideHalfUp(hundredths * ratePence * Math.round(multiplier * 100), 100 * 100);
}

/** The rolled-up holiday pay on a gross, to the penny. */
export const rolledUpOf = (grossPence: number) =>
  divideHalfUp(grossPence * ROLLED_UP_TEN_THOUSANDTHS, 10_000);

/**
 * An employee's lines: each paid element with time, then rolled-up holiday pay when it is paid and the rate
 * is known.
 */
export function exportLines(summary: PaySummary, ratePence: number | null, rolledUp: boolean): ExportLine[] {
  const paid = summary.lines.filter((line) => line.element !== "unpaid_break");
  // Straight-time hours share basic's price: each is priced on the running total of the ×1 hours.
  let straight = 0;
  const lines: ExportLine[] = paid.map((line) => {
    const element = line.element as ExportElement;
    const hundredths = hundredthsOf(line.minutes);
    if (ratePence === null) return { element, hundredths, multiplier: line.multiplier, amountPence: null };
    if (line.multiplier !== 1) {
      return {
        element,
        hundredths,
        multiplier: line.multiplier,
        amountPence: amountOf(hundredths, ratePence, line.multiplier),
      };
    }
    const before = amountOf(straight, ratePence, 1);
    straight += hundredths;
    return { element, hundredths, multiplier: 1, amountPence: amountOf(straight, ratePence, 1) - before };
  });
  if (rolledUp && ratePence !== null) {
    const gross = lines.reduce((sum, line) => sum + (line.amountPence ?? 0), 0);
    lines.push({
      element: "rolled_up_holiday",
      hundredths: null,
      multiplier: 0,
      amountPence: rolledUpOf(gross),
    });
  }
  return lines;
}

/** Each day's hundredths of one element: differences of the rounded running total (they sum to the period's). */
export function dailyHundredths(
  days: readonly PayDay[],
  element: "basic" | "overtime" | "premium",
): { date: string; hundredths: number }[] {
  let minutes = 0;
  let before = 0;
  const out: { date: string; hundredths: number }[] = [];
  for (const day of days) {
    if (day[element] <= 0) continue;
    minutes += day[element];
    const through = hundredthsOf(minutes);
    out.push({ date: day.date, hundredths: through - before });
    before = through;
  }
  return out;
}

/** "7.34": hundredths of an hour, or pence as pounds. */
export const twoPlaces = (hundredths: number) => (hundredths / 100).toFixed(2);

/** An hourly rate × multiplier in pounds: two places, or up to four for a fraction of a penny. */
export function rateText(pence: number, multiplier: number): string {
  const tenThousandths = pence * Math.round(multiplier * 100);
  return (tenThousandths / 10_000).toFixed(4).replace(/0{1,2}$/, "");
}

/** Whether rate × multiplier is a whole number of pence. */
export const wholePence = (pence: number, multiplier: number) =>
  (pence * Math.round(multiplier * 100)) % 100 === 0;
