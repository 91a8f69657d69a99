import { PAY_FREQUENCIES, type PayFrequency } from "../contracts/pay";
import type { DateRange } from "./ranges";
import { addDays, dayNumberOf, type LocalDate, localDateOfDayNumber } from "./time-zone";

// Pay periods (docs/payroll-exports.md): each location pays weekly, fortnightly, four-weekly or monthly, its periods counted
// from an anchor date. Weekly-type periods repeat every 7, 14 or 28 days from the anchor (before it too);
// monthly ones start on the anchor's day of the month, 1 to 28 (1: calendar months). Local dates throughout:
// a period runs from one local midnight to another, so a week holding a clock change is 167 or 169 hours.

// The frequencies are the API's vocabulary (worker/contracts/pay.ts); re-exported for the domain's callers.
export { PAY_FREQUENCIES, type PayFrequency };

export type PaySchedule = { frequency: PayFrequency; anchorDate: LocalDate };

/** Weekly from Monday: the default, as the Hours tab's weeks. */
export const DEFAULT_PAY_SCHEDULE: PaySchedule = { frequency: "weekly", anchorDate: "2025-09-01" };

/** A monthly period cannot start after the 28th: every month has one. */
export const LAST_MONTHLY_START_DAY = 28;

const CYCLE_DAYS: Record<Exclude<PayFrequency, "monthly">, number> = {
  weekly: 7,
  fortnightly: 14,
  four_weekly: 28,
};

/** Why an anchor cannot be used for a frequency, or null. */
export function payScheduleProblem(schedule: PaySchedule): string | null {
  if (schedule.frequency === "monthly" && dayOfMonth(schedule.anchorDate) > LAST_MONTHLY_START_DAY) {
    return `A monthly pay period must start on day 1 to ${LAST_MONTHLY_START_DAY} of the month`;
  }
  return null;
}

/** The pay period that holds `date`. */
export function payPeriodOf(schedule: PaySchedule, date: LocalDate): DateRange {
  if (schedule.frequency === "monthly") {
    const startDay = Math.min(dayOfMonth(schedule.anchorDate), LAST_MONTHLY_START_DAY);
    const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const start =
      dayOfMonth(date) >= startDay ? monthDate(year, month, startDay) : monthDate(year, month - 1, startDay);
    const next = monthDate(Number(start.slice(0, 4)), Number(start.slice(5, 7)) + 1, startDay);
    return { startDate: start, endDate: addDays(next, -1) };
  }
  const cycle = CYCLE_DAYS[schedule.frequency];
  const day = dayNumberOf(date);
  const offset = (((day - dayNumberOf(schedule.anchorDate)) % cycle) + cycle) % cycle;
  return {
    startDate: localDateOfDayNumber(day - offset),
    endDate: localDateOfDayNumber(day - offset + cycle - 1),
  };
}

/** The pay period starting on `date`, or null when no period starts then. */
export function payPeriodStartingOn(schedule: PaySchedule, date: LocalDate): DateRange | null {
  const period = payPeriodOf(schedule, date);
  return period.startDate === date ? period : null;
}

/** The pay period before this one. */
export const previousPayPeriod = (schedule: PaySchedule, period: DateRange): DateRange =>
  payPeriodOf(schedule, addDays(period.startDate, -1));

/** "pay_2026-11-16": a pay period's key, by its first day. */
export const payPeriodKey = (period: DateRange) => `pay_${period.startDate}`;

function dayOfMonth(date: LocalDate): number {
  return Number(date.slice(8, 10));
}

/** The date of `day` in a month; month 0 is December of the year before, 13 January of the next. */
function monthDate(year: number, month: number, day: number): LocalDate {
  const rolled = year + Math.floor((month - 1) / 12);
  const inYear = ((((month - 1) % 12) + 12) % 12) + 1;
  return `${rolled}-${String(inYear).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
