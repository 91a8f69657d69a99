import { EMPLOYEE_STATUSES, type EmployeeStatus, statusOf } from "../contracts/employees";
import type { LeaveAnalytics } from "../contracts/hours";
import type { DateRange } from "./ranges";
import { dayNumberOf, type LocalDate, localDateOfDayNumber, weekdayOf } from "./time-zone";

// Leave days for the Employees tab's analytics.
//
// A leave day is a weekday (Monday to Friday) on which the employee's status was anything but active.
// What a day was comes from the status history: periods of local dates, end inclusive, a missing end
// meaning "until changed". Where periods overlap, the most recently created one says what the day was
// (a manager who books a holiday and then records sickness in the middle of it means sickness for
// those days). Only days inside the period and no later than today count: booked leave still to come
// is not leave taken.

export type LeaveStatus = Exclude<EmployeeStatus, "active">;
export const LEAVE_STATUSES = EMPLOYEE_STATUSES.filter((s): s is LeaveStatus => s !== "active");

export type StatusPeriodRecord = {
  employeeId: string;
  /** Stored text; an unknown status counts as active. */
  status: string;
  startDate: LocalDate;
  /** Inclusive; null: until changed, so up to today. */
  endDate: LocalDate | null;
  /** Epoch ms; the later one wins an overlap. Equal times keep the records' given order. */
  createdAt: number;
};

export type LeaveDays = {
  byStatus: Record<LeaveStatus, number>;
  /** Leave days per employee (only employees with at least one). */
  byEmployee: Map<string, number>;
};

// The hub's modules read DateRange from here; re-exported until they import it from ./ranges.
export type { DateRange };

export const emptyLeaveBreakdown = (): Record<LeaveStatus, number> =>
  Object.fromEntries(LEAVE_STATUSES.map((status) => [status, 0])) as Record<LeaveStatus, number>;

export function countLeaveDays(
  records: readonly StatusPeriodRecord[],
  range: DateRange,
  today: LocalDate,
): LeaveDays {
  const first = dayNumberOf(range.startDate);
  const last = Math.min(dayNumberOf(range.endDate), dayNumberOf(today));
  const byStatus = emptyLeaveBreakdown();
  const byEmployee = new Map<string, number>();
  if (last < first) return { byStatus, byEmployee };

  const days = paintStatuses(records, first, last);
  for (const [employeeId, painted] of days) {
    let total = 0;
    for (const [day, status] of painted) {
      if (status === "active" || !isWeekday(day)) continue;
      byStatus[status]++;
      total++;
    }
    if (total > 0) byEmployee.set(employeeId, total);
  }
  return { byStatus, byEmployee };
}

/**
 * What each day from `first` to `last` (day numbers) was, per employee: the status periods painted oldest
 * first, so each later period paints over the days it shares with an earlier one.
 */
function paintStatuses(records: readonly StatusPeriodRecord[], first: number, last: number) {
  const ordered = records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => a.record.createdAt - b.record.createdAt || a.index - b.index);
  const days = new Map<string, Map<number, EmployeeStatus>>();
  for (const { record } of ordered) {
    const start = dayOrNull(record.startDate);
    const end = record.endDate === null ? last : dayOrNull(record.endDate);
    if (start === null || end === null) continue;
    const from = Math.max(first, start);
    const to = Math.min(last, end);
    if (to < from) continue;
    let painted = days.get(record.employeeId);
    if (!painted) {
      painted = new Map();
      days.set(record.employeeId, painted);
    }
    const status = statusOf(record.status);
    for (let day = from; day <= to; day++) painted.set(day, status);
  }
  return days;
}

/**
 * Each employee's leave on each day of the range, future days included (the most recently set period wins):
 * what the rota shows in its cells, and the leave calendar.
 */
export function leaveByDay(
  records: readonly StatusPeriodRecord[],
  range: DateRange,
): { employeeId: string; date: LocalDate; status: LeaveStatus }[] {
  const days: { employeeId: string; date: LocalDate; status: LeaveStatus }[] = [];
  for (const [employeeId, painted] of paintStatuses(
    records,
    dayNumberOf(range.startDate),
    dayNumberOf(range.endDate),
  )) {
    for (const [day, status] of [...painted].sort(([a], [b]) => a - b)) {
      if (status !== "active") days.push({ employeeId, date: localDateOfDayNumber(day), status });
    }
  }
  return days;
}

/**
 * The dates in the range (every day of the week, up to today) on which each employee's status was one of
 * `statuses`: the working-time rules' leave days, and holiday taken.
 */
export function datesWithStatus(
  records: readonly StatusPeriodRecord[],
  range: DateRange,
  today: LocalDate,
  statuses: readonly LeaveStatus[],
): Map<string, Set<LocalDate>> {
  const last = Math.min(dayNumberOf(range.endDate), dayNumberOf(today));
  const result = new Map<string, Set<LocalDate>>();
  for (const [employeeId, painted] of paintStatuses(records, dayNumberOf(range.startDate), last)) {
    const dates = [...painted]
      .filter(([, status]) => (statuses as readonly string[]).includes(status))
      .map(([day]) => localDateOfDayNumber(day));
    if (dates.length > 0) result.set(employeeId, new Set(dates));
  }
  return result;
}

/**
 * Each employee's status on one date (the location's today) where it is not active: the most recently set
 * period covering the date wins, as in the analytics.
 */
export function leaveOnDay(
  records: readonly StatusPeriodRecord[],
  date: LocalDate,
): Map<string, LeaveStatus> {
  const day = dayNumberOf(date);
  const result = new Map<string, LeaveStatus>();
  for (const [employeeId, painted] of paintStatuses(records, day, day)) {
    const status = painted.get(day);
    if (status !== undefined && status !== "active") result.set(employeeId, status);
  }
  return result;
}

/** A stored date that is not a real one (never written by this code) is skipped, not a failure. */
function dayOrNull(date: LocalDate): number | null {
  try {
    return dayNumberOf(date);
  } catch {
    return null;
  }
}

const isWeekday = (day: number) => weekdayOf(localDateOfDayNumber(day)) <= 5;

/** How many employees have each status now; every status is listed, unknown ones count as active. */
export function currentStatusBreakdown(statuses: readonly string[]): Record<EmployeeStatus, number> {
  const counts = Object.fromEntries(EMPLOYEE_STATUSES.map((status) => [status, 0])) as Record<
    EmployeeStatus,
    number
  >;
  for (const status of statuses) counts[statusOf(status)]++;
  return counts;
}

/** The Employees tab's analytics card, for the location's current staff. */
export function leaveAnalytics(input: {
  employees: readonly { id: string; currentStatus: string }[];
  records: readonly StatusPeriodRecord[];
  range: DateRange;
  today: LocalDate;
}): LeaveAnalytics {
  const staff = new Set(input.employees.map((employee) => employee.id));
  const leave = countLeaveDays(
    input.records.filter((record) => staff.has(record.employeeId)),
    input.range,
    input.today,
  );
  const now = currentStatusBreakdown(input.employees.map((employee) => employee.currentStatus));
  return {
    total_employees: input.employees.length,
    employees_on_leave: input.employees.length - now.active,
    employees_with_leave: leave.byEmployee.size,
    leave_breakdown: leave.byStatus,
    current_status_breakdown: now,
  };
}
