import { holidayDaysCounted } from "./holiday-year";
import type { DateRange } from "./ranges";
import { addDays, type LocalDate, weekdayOf } from "./time-zone";

// Leave requests (docs/staff-app.md, "Holiday and leave requests"): which days a request takes off, what it
// uses, and the periods an approval books. Pure: the service reads the inputs.

/**
 * The days a request takes off: Monday to Friday in its dates, less the location's bank holidays (off already,
 * whether or not they come out of holiday). These are the days an approval books, so the balance moves by
 * exactly what the request said it would use.
 */
export function daysOff(range: DateRange, bankHolidays: ReadonlySet<LocalDate>): LocalDate[] {
  const days: LocalDate[] = [];
  for (let date = range.startDate; date <= range.endDate; date = addDays(date, 1)) {
    if (weekdayOf(date) <= 5 && !bankHolidays.has(date)) days.push(date);
  }
  return days;
}

/**
 * Days it uses: the days off counted as the holiday figures count them (no more a week than the worker's days a
 * week), a half day as half of one.
 */
export function daysUsed(days: readonly LocalDate[], daysPerWeek: number | null, halfDay: boolean): number {
  const counted = holidayDaysCounted(days, daysPerWeek);
  return halfDay ? counted / 2 : counted;
}

/** In the unit of the worker's figures: days, or hours at what a day of their holiday is. */
export function usesIn(unit: "days" | "hours", days: number, dayMinutes: number): number {
  return unit === "days" ? days : Math.round(((days * dayMinutes) / 60) * 100) / 100;
}

/** The runs of consecutive dates: the status periods an approval books (weekends and bank holidays left out). */
export function runsOf(dates: readonly LocalDate[]): DateRange[] {
  const runs: DateRange[] = [];
  for (const date of [...dates].sort()) {
    const last = runs.at(-1);
    if (last && addDays(last.endDate, 1) === date) last.endDate = date;
    else runs.push({ startDate: date, endDate: date });
  }
  return runs;
}

export const rangesOverlap = (a: DateRange, b: DateRange) =>
  a.startDate <= b.endDate && b.startDate <= a.endDate;

/** "2 days", "0.5 days", "7.5 hours". */
export const amountOf = (value: number, unit: "days" | "hours") =>
  `${value} ${unit === "days" ? (value === 1 ? "day" : "days") : value === 1 ? "hour" : "hours"}`;
