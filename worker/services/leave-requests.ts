import type { Location } from "../contracts/locations";
import {
  LEAVE_ALREADY_DECIDED,
  LEAVE_ALREADY_STARTED,
  LEAVE_BEYOND_BALANCE,
  LEAVE_IN_THE_PAST,
  LEAVE_NO_WORKING_DAYS,
  LEAVE_OVERLAPS,
  LEAVE_REQUEST_NOT_FOUND,
  type LeaveRequestCreate,
  type LeaveRequestCreated,
  type LeaveRequestView,
  type LeaveType,
  type StaffHolidayResponse,
} from "../contracts/staff-leave";
import type { Db } from "../db/client";
import { accountHolidayOf } from "../db/holiday-settings";
import {
  changeLeaveRequest,
  findLeaveRequest,
  holdingRequestsBetween,
  insertLeaveRequest,
  type LeaveRequestRow,
  pendingHoliday,
} from "../db/leave-requests";
import { readEmployeePay, readPayRules } from "../db/pay-rules";
import type { SignedInStaff } from "../db/staff-sessions";
import { bankHolidaysBetween } from "../domain/bank-holidays";
import { amountOf, daysOff, daysUsed, runsOf, usesIn } from "../domain/leave-requests";
import { safeTimeZone } from "../domain/local-time";
import type { DateRange } from "../domain/ranges";
import { formatDate, type LocalDate, localDateOf } from "../domain/time-zone";
import { hubFor, type StaffEditor } from "../durable/client";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { workerHolidayOf } from "./worker-holiday";

// A staff member's holiday and leave requests (docs/staff-app.md, "Holiday and leave requests"): the balance
// from the Employees tab's own figures, asking for leave, and cancelling it.

const round = (value: number) => Math.round(value * 100) / 100;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const leaveRequestView = (row: LeaveRequestRow): LeaveRequestView => ({
  id: row.id,
  type: row.type as LeaveType,
  start_date: row.startDate,
  end_date: row.endDate,
  half_day: row.halfDay === "am" || row.halfDay === "pm" ? row.halfDay : null,
  note: row.note,
  status: row.status as LeaveRequestView["status"],
  uses: row.uses,
  unit: row.unit === "hours" ? "hours" : "days",
  decided_by_name: row.decidedByName,
  decided_at: iso(row.decidedAt),
  decision_note: row.decisionNote,
  created_at: iso(row.createdAt) as string,
});

/** The days a request takes off at the location: weekdays that are not its bank holidays. */
export async function requestDaysOff(db: Db, locationId: string, range: DateRange): Promise<LocalDate[]> {
  const region = (await readPayRules(db, locationId)).bank_holiday_region;
  const bankHolidays = new Set(
    bankHolidaysBetween(region, range.startDate, range.endDate).map((b) => b.date),
  );
  return daysOff(range, bankHolidays);
}

const staffLocation = (staff: SignedInStaff): Location => staff.location;

async function holidayOf(env: Env, db: Db, staff: SignedInStaff, now: number) {
  const figures = await workerHolidayOf(env, db, staffLocation(staff), staff.employeeId, now);
  if (!figures) throw notFound(LEAVE_REQUEST_NOT_FOUND);
  return figures;
}

export async function staffHoliday(env: Env, db: Db, staff: SignedInStaff, now: number) {
  const [{ holiday }, pending] = await Promise.all([
    holidayOf(env, db, staff, now),
    pendingHoliday(db, staff.employeeId),
  ]);
  return {
    unit: holiday.unit,
    leave_year_start: holiday.leave_year_start,
    leave_year_end: holiday.leave_year_end,
    entitlement: holiday.entitlement,
    accrued: holiday.accrued,
    carried_over: holiday.carried_over,
    taken: holiday.taken,
    booked: holiday.booked,
    remaining: holiday.remaining,
    pending,
    missing: holiday.missing,
  } satisfies StaffHolidayResponse;
}

/** Checks a request against the staff member's calendar and balance, and records it, pending. */
export async function askForLeave(
  env: Env,
  db: Db,
  staff: SignedInStaff,
  body: LeaveRequestCreate,
  now: number,
): Promise<LeaveRequestCreated> {
  const range = { startDate: body.start_date, endDate: body.end_date };
  const today = localDateOf(now, safeTimeZone(staff.location.timezone));
  if (range.startDate < today) throw badRequest(LEAVE_IN_THE_PAST);
  const [overlapping] = await holdingRequestsBetween(db, staff.employeeId, range.startDate, range.endDate);
  if (overlapping) {
    throw badRequest(LEAVE_OVERLAPS(formatDate(overlapping.startDate), formatDate(overlapping.endDate)));
  }
  const days = await requestDaysOff(db, staff.location.id, range);
  if (days.length === 0) throw badRequest(LEAVE_NO_WORKING_DAYS);
  const [figures, pay, pending, account] = await Promise.all([
    holidayOf(env, db, staff, now),
    readEmployeePay(db, staff.employeeId),
    pendingHoliday(db, staff.employeeId),
    accountHolidayOf(db, staff.location.id),
  ]);
  const { unit, remaining } = figures.holiday;
  const halfDay = body.half_day ?? null;
  const uses = usesIn(unit, daysUsed(days, pay.working_days_per_week, halfDay !== null), figures.dayMinutes);
  const isHoliday = body.type === "holiday";
  const left = remaining === null ? null : round(remaining - pending);
  if (isHoliday && left !== null && uses > left && !account.allow_requests_beyond_balance) {
    throw badRequest(LEAVE_BEYOND_BALANCE(amountOf(uses, unit), amountOf(Math.max(left, 0), unit)));
  }
  const row = await insertLeaveRequest(db, {
    locationId: staff.location.id,
    employeeId: staff.employeeId,
    type: body.type,
    startDate: range.startDate,
    endDate: range.endDate,
    halfDay,
    note: body.note || null,
    uses,
    unit,
  });
  if (!row) throw badRequest(LEAVE_OVERLAPS(formatDate(range.startDate), formatDate(range.endDate)));
  return {
    request: leaveRequestView(row),
    uses: unit === "days" ? { days: uses } : { hours: uses },
    balance_after: left === null ? null : isHoliday ? round(left - uses) : left,
  };
}

/**
 * Cancels the staff member's own pending request, or an approved one not yet begun: its days go back to
 * working days in the hub (audited there as the staff member's change), so the balance and the rota move.
 */
export async function cancelLeave(env: Env, db: Db, staff: SignedInStaff, requestId: string, now: number) {
  const request = await findLeaveRequest(db, requestId);
  if (!request || request.employeeId !== staff.employeeId) throw notFound(LEAVE_REQUEST_NOT_FOUND);
  if (request.status !== "pending" && request.status !== "approved") {
    throw new ApiError(409, LEAVE_ALREADY_DECIDED(request.status));
  }
  // A pending request has booked nothing yet, so it may always be withdrawn; approved leave that has begun is
  // the manager's to change.
  const today = localDateOf(now, safeTimeZone(staff.location.timezone));
  if (request.status === "approved" && request.startDate <= today) throw badRequest(LEAVE_ALREADY_STARTED);
  const actor: StaffEditor = { id: staff.employeeId, name: `${staff.firstName} ${staff.lastName}` };
  const changed = await changeLeaveRequest(db, request, request.status, {
    status: "cancelled",
    actor,
    note: null,
    userId: staff.accountId,
  });
  if (!changed) throw new ApiError(409, LEAVE_ALREADY_DECIDED("decided"));
  if (request.status === "approved") {
    const range = { startDate: request.startDate, endDate: request.endDate };
    await setStatusOver(env, staff.location.id, request.employeeId, range, db, actor, {
      status: "active",
      note: "Leave cancelled",
    });
  }
  const cancelled = await findLeaveRequest(db, requestId);
  return leaveRequestView(cancelled ?? request);
}

/**
 * Sets the employee's status on the request's days off, one period per run of them (weekends and bank holidays
 * keep whatever they had); false when the hub no longer employs them.
 */
export async function setStatusOver(
  env: Env,
  locationId: string,
  employeeId: string,
  range: DateRange,
  db: Db,
  by: StaffEditor,
  status: { status: string; note: string | null },
): Promise<boolean> {
  const hub = hubFor(env, locationId);
  for (const run of runsOf(await requestDaysOff(db, locationId, range))) {
    const period = { status: status.status, note: status.note, ...run };
    if (!(await hub.changeStatus(employeeId, period, by))) return false;
  }
  return true;
}
