import type { Location } from "../contracts/locations";
import type { EmployeePay } from "../contracts/pay";
import type { AccountHoliday } from "../contracts/working-time-settings";
import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { employeePayAt } from "../db/pay-rules";
import { workerLeaveYear } from "../domain/leave-year";
import { safeTimeZone } from "../domain/local-time";
import type { DateRange } from "../domain/ranges";
import { addDays, type LocalDate, localDateOf } from "../domain/time-zone";

// Whose leave year is which (docs/compliance.md, "Holiday for every worker"): the account's leave year where a
// relevant agreement sets one, otherwise each worker's own from the day their employment began.

export type Employment = { start: LocalDate; end: LocalDate | null };

/**
 * The recorded start date, else the day the worker was added to Clocked or their first day worked on record if
 * earlier (as the working-time checks take it); the recorded end date, if any.
 */
export const employmentOf = (
  joined: LocalDate,
  pay: EmployeePay | undefined,
  firstWorked: LocalDate | null = null,
): Employment => ({
  start: pay?.employment_start_date ?? (firstWorked !== null && firstWorked < joined ? firstWorked : joined),
  end: pay?.employment_end_date ?? null,
});

/** The first date on which each employee worked, from the days the hours engine counted. */
export function firstWorkedDays(
  days: ReadonlyMap<string, readonly { date: LocalDate; workedMinutes: number }[]>,
): Map<string, LocalDate> {
  const first = new Map<string, LocalDate>();
  for (const [id, list] of days) {
    const dates = list.filter((d) => d.workedMinutes > 0).map((d) => d.date);
    if (dates.length > 0) first.set(id, dates.sort()[0] as LocalDate);
  }
  return first;
}

/** The worker's leave year holding `date`, or the one their employment ended in when it ended earlier. */
export const leaveYearFor = (account: AccountHoliday, employment: Employment, date: LocalDate): DateRange =>
  workerLeaveYear({
    accountStart: account.leave_year_start,
    employmentStart: employment.start,
    date: employment.end !== null && employment.end < date ? employment.end : date,
  });

/**
 * The first day a location's holiday figures need for `date`: the start of the earliest leave year before the one
 * holding it, so last year's balance (carry-over) and reg 15C's 52 weeks before this year can be read.
 */
export async function holidayHistoryStart(
  db: Db,
  location: Location,
  account: AccountHoliday,
  date: LocalDate,
): Promise<LocalDate> {
  const zone = safeTimeZone(location.timezone);
  const [people, pay] = await Promise.all([locationStaff(db, location.id), employeePayAt(db, location.id)]);
  let earliest = date;
  for (const person of people) {
    const employment = employmentOf(localDateOf(person.createdAt, zone), pay.get(person.id));
    const year = leaveYearFor(account, employment, date);
    const before = leaveYearFor(account, employment, addDays(year.startDate, -1)).startDate;
    if (before < earliest) earliest = before;
  }
  return earliest;
}
