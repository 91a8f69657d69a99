import type {
  LeaveCalendarResponse,
  LeaveClash,
  LeaveRequestsResponse,
  ManagerLeaveRequest,
  OffAlongside,
} from "../contracts/leave-requests";
import type { Location } from "../contracts/locations";
import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { type LeaveRequestRow, locationLeaveRequests } from "../db/leave-requests";
import { leaveOnDay, type StatusPeriodRecord } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import type { PlannedShift } from "../domain/rota";
import { addDays, type LocalDate, startOfLocalDate } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { leaveRequestView, requestDaysOff } from "./leave-requests";
import { workerHolidays } from "./worker-holiday";

// What the Leave tab shows (docs/staff-app.md, "Holiday and leave requests"): each request with the staff
// member's balance, who else is off on its days and the published shifts it clashes with; and a month of who is
// off, from the status periods (all leave, requested or set on the Employees tab).

/** The published shifts of the employee that overlap any of the days. */
export function clashesOn(
  shifts: readonly PlannedShift[],
  employeeId: string,
  days: readonly LocalDate[],
  timeZone: string,
): LeaveClash[] {
  const spans = days.map((day) => ({
    start: startOfLocalDate(day, timeZone),
    end: startOfLocalDate(addDays(day, 1), timeZone),
  }));
  return shifts
    .filter((s) => s.employeeId === employeeId && spans.some((d) => s.start < d.end && s.end > d.start))
    .sort((a, b) => a.start - b.start)
    .map((s) => ({
      shift_id: s.id,
      start_at: new Date(s.start).toISOString(),
      end_at: new Date(s.end).toISOString(),
      role: s.role,
    }));
}

/** Published shifts over the dates (a day either side, for night shifts). */
export async function publishedShiftsOver(env: Env, location: Location, from: LocalDate, to: LocalDate) {
  const timeZone = safeTimeZone(location.timezone);
  return hubFor(env, location.id).plannedShifts({
    start: startOfLocalDate(addDays(from, -1), timeZone),
    end: startOfLocalDate(addDays(to, 2), timeZone),
  });
}

function othersOff(
  periods: readonly StatusPeriodRecord[],
  employeeId: string,
  days: readonly LocalDate[],
  names: ReadonlyMap<string, string>,
): OffAlongside[] {
  const found = new Map<string, OffAlongside>();
  for (const day of days) {
    for (const [id, status] of leaveOnDay(periods, day)) {
      const name = names.get(id);
      if (id === employeeId || name === undefined) continue;
      const entry = found.get(id) ?? { employee_id: id, name, status, dates: [] };
      entry.dates.push(day);
      found.set(id, entry);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Current staff's names by id. */
async function namesAt(db: Db, locationId: string): Promise<Map<string, string>> {
  const staff = await locationStaff(db, locationId);
  return new Map(
    staff.filter((s) => s.deletedAt === null).map((s) => [s.id, `${s.firstName} ${s.lastName}`] as const),
  );
}

/** Every request at the location as the Leave tab lists it: pending first, then the rest newest first. */
export async function leaveRequestsAt(
  env: Env,
  db: Db,
  location: Location,
  now: number,
): Promise<LeaveRequestsResponse> {
  const [rows, names, holiday] = await Promise.all([
    locationLeaveRequests(db, location.id),
    namesAt(db, location.id),
    workerHolidays(env, db, location, now),
  ]);
  const balances = new Map(holiday.employees.map((e) => [e.employee_id, e.remaining] as const));
  const pending = rows.filter((row) => row.status === "pending");
  let periods: StatusPeriodRecord[] = [];
  let shifts: PlannedShift[] = [];
  if (pending.length > 0) {
    const from = pending.map((r) => r.startDate).sort()[0] as LocalDate;
    const to = pending
      .map((r) => r.endDate)
      .sort()
      .at(-1) as LocalDate;
    [periods, shifts] = await Promise.all([
      hubFor(env, location.id)
        .leave({ startDate: from, endDate: to })
        .then((leave) => leave.periods),
      publishedShiftsOver(env, location, from, to),
    ]);
  }
  const timeZone = safeTimeZone(location.timezone);
  const requests: ManagerLeaveRequest[] = [];
  for (const row of rows) {
    const days =
      row.status === "pending"
        ? await requestDaysOff(db, location.id, { startDate: row.startDate, endDate: row.endDate })
        : [];
    requests.push(
      managerView(row, names, balances.get(row.employeeId) ?? null, {
        othersOff: othersOff(periods, row.employeeId, days, names),
        clashes: clashesOn(shifts, row.employeeId, days, timeZone),
      }),
    );
  }
  return { location_id: location.id, requests };
}

export function managerView(
  row: LeaveRequestRow,
  names: ReadonlyMap<string, string>,
  balance: number | null,
  around: { othersOff: OffAlongside[]; clashes: LeaveClash[] },
): ManagerLeaveRequest {
  return {
    ...leaveRequestView(row),
    employee_id: row.employeeId,
    name: names.get(row.employeeId) ?? "Former staff member",
    balance,
    others_off: around.othersOff,
    clashes: around.clashes,
  };
}

/** The month's days, each with who is off (any status but active) and why. */
export async function leaveCalendar(
  env: Env,
  db: Db,
  location: Location,
  month: string,
): Promise<LeaveCalendarResponse> {
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const [names, leave] = await Promise.all([
    namesAt(db, location.id),
    hubFor(env, location.id).leave({ startDate: first, endDate: last }),
  ]);
  const days = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const off = [...leaveOnDay(leave.periods, date)]
      .filter(([id]) => names.has(id))
      .map(([id, status]) => ({ employee_id: id, name: names.get(id) as string, status }))
      .sort((a, b) => a.name.localeCompare(b.name));
    days.push({ date, off });
  }
  return { location_id: location.id, month, days };
}
