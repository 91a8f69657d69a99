import type { DateRange } from "./ranges";
import { addDays, dayNumberOf, type LocalDate } from "./time-zone";

// The leave year (Working Time Regulations 1998 reg 13(3); NI 2016 reg 15(3)): the date a relevant agreement
// sets, which Clocked records as an account setting; otherwise the date the worker's employment began and each
// anniversary of it. Sources: docs/compliance.md, "Holiday for every worker".

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The anniversary of `anchor` in `year`; a 29 February anchor falls on 1 March in other years. */
function anniversary(anchor: LocalDate, year: number): LocalDate {
  const monthDay = anchor.slice(5);
  if (monthDay === "02-29" && !isLeapYear(year)) return `${String(year).padStart(4, "0")}-03-01`;
  return `${String(year).padStart(4, "0")}-${monthDay}`;
}

/** The leave year that starts on an anniversary of `anchor` and holds `date`. */
export function leaveYearContaining(anchor: LocalDate, date: LocalDate): DateRange {
  dayNumberOf(anchor);
  const year = Number(date.slice(0, 4));
  const thisYear = anniversary(anchor, year);
  const startYear = thisYear <= date ? year : year - 1;
  return {
    startDate: anniversary(anchor, startYear),
    endDate: addDays(anniversary(anchor, startYear + 1), -1),
  };
}

/** A worker's leave year holding `date`: the account's leave year when one is set, else from their start date. */
export const workerLeaveYear = (input: {
  accountStart: LocalDate | null;
  employmentStart: LocalDate;
  date: LocalDate;
}): DateRange => leaveYearContaining(input.accountStart ?? input.employmentStart, input.date);

/**
 * The share of the leave year the worker is employed in it: all of it, or from the day employment began
 * (reg 13(5): "the proportion of that leave year remaining on the date on which his employment begins") to the
 * day it ended (reg 14: the proportion of the leave year that has expired), both days included.
 */
export function employedShare(
  year: DateRange,
  employmentStart: LocalDate,
  employmentEnd: LocalDate | null,
): number {
  const first = Math.max(dayNumberOf(year.startDate), dayNumberOf(employmentStart));
  const last = Math.min(
    dayNumberOf(year.endDate),
    employmentEnd === null ? Number.POSITIVE_INFINITY : dayNumberOf(employmentEnd),
  );
  const length = dayNumberOf(year.endDate) - dayNumberOf(year.startDate) + 1;
  return last < first ? 0 : (last - first + 1) / length;
}
