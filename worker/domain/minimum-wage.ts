import type { LocalDate } from "./time-zone";

// The National Minimum Wage and National Living Wage: the National Minimum Wage Act 1998 and the
// National Minimum Wage Regulations 2015 (SI 2015/621). Rates and sources: docs/compliance.md. A pay reference
// period's pay is checked against hours worked at the rate for the worker's age on its first day.

export const NMW_BANDS = ["21_and_over", "18_to_20", "16_to_17", "apprentice"] as const;
export type NmwBand = (typeof NMW_BANDS)[number];

/**
 * Hourly rates in pence, each in force from 1 April (regs 4 and 4A of the 2015 Regulations, amended every year).
 * Figures from GOV.UK, "National Minimum Wage and National Living Wage rates"; April 2024 is the first year the
 * National Living Wage starts at 21. Add each April's rates here; never replace a row, old periods still use it.
 */
export const NMW_RATES: readonly { from: LocalDate; pence: Record<NmwBand, number> }[] = [
  { from: "2024-04-01", pence: { "21_and_over": 1144, "18_to_20": 860, "16_to_17": 640, apprentice: 640 } },
  { from: "2025-04-01", pence: { "21_and_over": 1221, "18_to_20": 1000, "16_to_17": 755, apprentice: 755 } },
  { from: "2026-04-01", pence: { "21_and_over": 1271, "18_to_20": 1085, "16_to_17": 800, apprentice: 800 } },
];

/**
 * Age in whole years on a date: the birthday counts from its own day. Someone born on 29 February has a
 * birthday on 1 March in a common year, as "MM-DD" comparison gives.
 */
export function ageOn(dateOfBirth: LocalDate, date: LocalDate): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

function bandFor(age: number): NmwBand | null {
  if (age >= 21) return "21_and_over";
  if (age >= 18) return "18_to_20";
  if (age >= 16) return "16_to_17";
  return null;
}

/**
 * The minimum hourly rate for a pay reference period starting on `periodStart`. Reg 4B: the rate is the one that
 * applies to the worker on the first day of the period, so both a birthday that moves the worker into a higher
 * band and an April uprating inside a period take effect from the next period (a monthly period 16 March–15 April
 * keeps the old rate throughout).
 *
 * - No date of birth: the 21-and-over rate, the highest, so that no shortfall is missed; `band` is null to say
 *   the band was assumed, not known.
 * - Under 16: null. The minimum wage starts when a worker is over compulsory school age (in England, from the
 *   last Friday in June of the school year they turn 16); 16 is the nearest the date of birth can tell, so a
 *   16-year-old still at school is shown a rate they are not yet owed.
 * - The apprentice rate (reg 5) is never chosen: nothing records who is an apprentice, and using the age rate
 *   for an apprentice only ever shows more owed, not less.
 * - A period before the first rate in `NMW_RATES`: null (no rate known here).
 */
export function minimumRate(
  dateOfBirth: LocalDate | null,
  periodStart: LocalDate,
): { band: NmwBand | null; pencePerHour: number; from: LocalDate } | null {
  const rates = NMW_RATES.findLast((rate) => rate.from <= periodStart);
  if (!rates) return null;
  if (dateOfBirth === null) return { band: null, pencePerHour: rates.pence["21_and_over"], from: rates.from };
  const band = bandFor(ageOn(dateOfBirth, periodStart));
  if (band === null) return null;
  return { band, pencePerHour: rates.pence[band], from: rates.from };
}

/**
 * What a pay reference period's pay falls short of the minimum wage by (reg 7: pay for the period divided by
 * hours worked in it must reach the rate). `workedMinutes` is the working time counted for the minimum wage: time
 * at work, so a break deducted automatically but worked through must be in it. The amount owed is the rate times
 * the hours, rounded UP to a whole penny (the worker's side of a fraction). Null when nothing is owed, or when the
 * worker has no entitlement.
 */
export function minimumWageShortfall(input: {
  dateOfBirth: LocalDate | null;
  periodStart: LocalDate;
  workedMinutes: number;
  paidPence: number;
}): null | {
  band: NmwBand | null;
  pencePerHour: number;
  requiredPence: number;
  paidPence: number;
  shortfallPence: number;
} {
  const rate = minimumRate(input.dateOfBirth, input.periodStart);
  if (!rate) return null;
  const requiredPence = Math.ceil((rate.pencePerHour * input.workedMinutes) / 60);
  if (input.paidPence >= requiredPence) return null;
  return {
    band: rate.band,
    pencePerHour: rate.pencePerHour,
    requiredPence,
    paidPence: input.paidPence,
    shortfallPence: requiredPence - input.paidPence,
  };
}
