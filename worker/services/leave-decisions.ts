import {
  EMPLOYEE_GONE,
  LEAVE_CLASHES,
  type LeaveClash,
  type LeaveDecisionResponse,
} from "../contracts/leave-requests";
import type { Location } from "../contracts/locations";
import { LEAVE_ALREADY_DECIDED, LEAVE_REQUEST_NOT_FOUND } from "../contracts/staff-leave";
import type { Actor } from "../db/audit";
import type { Db } from "../db/client";
import { findEmployeeById } from "../db/employees";
import {
  changeLeaveRequest,
  findLeaveRequest,
  type LeaveRequestRow,
  leaveRequestWithAccount,
  releaseLeaveRequest,
} from "../db/leave-requests";
import { findOwnedLocation } from "../db/locations";
import { safeTimeZone } from "../domain/local-time";
import { weekBounds, weekOf } from "../domain/rota";
import { inScope, type Member } from "../domain/team-roles";
import { hubFor } from "../durable/client";
import { ApiError, notFound } from "../lib/errors";
import { leaveDecisionNotice } from "./leave-mail";
import { clashesOn, managerView, publishedShiftsOver } from "./leave-overview";
import { requestDaysOff, setStatusOver } from "./leave-requests";
import { v1Leave } from "./public-records";
import { tellStaff } from "./rota-mail";
import { notifyStaff } from "./staff-notify";
import { publishEvent } from "./webhook-events";

// A manager's decision on a leave request (docs/staff-app.md, "Holiday and leave requests"). Approving books the
// leave as the employee's status through the hub, as the Employees tab does, so the balance and the rota's
// on-leave warning move at once; shifts it clashes with become open shifts only when the manager says so.

/** The status an approved request books, by its type. */
const STATUS_OF = {
  holiday: () => ({ status: "holiday", note: null }),
  unpaid: () => ({ status: "personal_leave", note: "Unpaid leave" }),
  other: (note: string | null) => ({ status: "custom", note: note ?? "Leave" }),
} as const;

type Caller = { db: Db; userId: string; member: Member };

/** The request, when it is at one of the caller's locations they may see; otherwise 404, as for any other id. */
export async function requestInScope(caller: Caller, requestId: string) {
  const found = await leaveRequestWithAccount(caller.db, requestId);
  if (!found || found.userId !== caller.userId || !inScope(caller.member, found.request.locationId)) {
    throw notFound(LEAVE_REQUEST_NOT_FOUND);
  }
  const location = await findOwnedLocation(caller.db, caller.userId, found.request.locationId);
  if (!location) throw notFound(LEAVE_REQUEST_NOT_FOUND);
  return { request: found.request, location };
}

function mustBePending(request: LeaveRequestRow) {
  if (request.status !== "pending") throw new ApiError(409, LEAVE_ALREADY_DECIDED(request.status));
}

export type ApproveOutcome =
  | { ok: true; response: LeaveDecisionResponse }
  | { ok: false; clashes: LeaveClash[]; detail: string };

export async function approveLeave(
  env: Env,
  caller: Caller,
  actor: Actor,
  requestId: string,
  input: { note?: string; open_clashing_shifts?: boolean },
): Promise<ApproveOutcome> {
  const { db } = caller;
  const { request, location } = await requestInScope(caller, requestId);
  mustBePending(request);
  const employee = await findEmployeeById(db, request.employeeId);
  if (!employee || employee.deletedAt !== null) throw new ApiError(409, EMPLOYEE_GONE);
  const range = { startDate: request.startDate, endDate: request.endDate };
  const timeZone = safeTimeZone(location.timezone);
  const days = await requestDaysOff(db, location.id, range);
  const shifts = await publishedShiftsOver(env, location, range.startDate, range.endDate);
  const clashes = clashesOn(shifts, request.employeeId, days, timeZone);
  if (clashes.length > 0 && input.open_clashing_shifts !== true) {
    return { ok: false, clashes, detail: LEAVE_CLASHES(clashes.length) };
  }
  const note = input.note || null;
  const claimed = await changeLeaveRequest(db, request, "pending", {
    status: "approved",
    actor,
    note,
    userId: caller.userId,
  });
  if (!claimed) throw new ApiError(409, LEAVE_ALREADY_DECIDED("decided"));
  const booked = await setStatusOver(
    env,
    location.id,
    request.employeeId,
    range,
    db,
    actor,
    STATUS_OF[request.type as keyof typeof STATUS_OF](request.note),
  );
  if (!booked) {
    await releaseLeaveRequest(db, request.id);
    throw new ApiError(409, EMPLOYEE_GONE);
  }
  const opened = clashes.length > 0 ? await openShifts(env, db, location, clashes, actor) : 0;
  return { ok: true, response: await decided(env, caller, location, request.id, actor, opened) };
}

export async function declineLeave(
  env: Env,
  caller: Caller,
  actor: Actor,
  requestId: string,
  note: string,
): Promise<LeaveDecisionResponse> {
  const { request, location } = await requestInScope(caller, requestId);
  mustBePending(request);
  const changed = await changeLeaveRequest(caller.db, request, "pending", {
    status: "declined",
    actor,
    note,
    userId: caller.userId,
  });
  if (!changed) throw new ApiError(409, LEAVE_ALREADY_DECIDED("decided"));
  return decided(env, caller, location, request.id, actor, 0);
}

/** Tells the staff member and answers the request as it now stands. */
async function decided(
  env: Env,
  { db, userId }: Caller,
  location: Location,
  requestId: string,
  actor: Actor,
  opened: number,
): Promise<LeaveDecisionResponse> {
  const request = (await findLeaveRequest(db, requestId)) as LeaveRequestRow;
  const decision = request.status === "approved" ? "approved" : "declined";
  await publishEvent(env, userId, {
    type: "leave.decided",
    data: { leave: v1Leave(request, request.decidedAt ?? request.createdAt) },
  });
  await notifyStaff(env, db, location.id, [request.employeeId], {
    ...leaveDecisionNotice(request, decision, actor.name, request.decisionNote),
  });
  const employee = await findEmployeeById(db, request.employeeId);
  const names = new Map(employee ? [[employee.id, `${employee.firstName} ${employee.lastName}`]] : []);
  return {
    request: managerView(request, names, null, { othersOff: [], clashes: [] }),
    opened_shifts: opened,
  };
}

/**
 * The clashing shifts become open shifts (no one on them) through the hub rota's own writes, and each week they
 * are in is published again, so staff see them open.
 */
async function openShifts(
  env: Env,
  db: Db,
  location: Location,
  clashes: readonly LeaveClash[],
  actor: Actor,
): Promise<number> {
  const hub = hubFor(env, location.id);
  const timeZone = safeTimeZone(location.timezone);
  const weeks = new Set(clashes.map((clash) => weekOf(Date.parse(clash.start_at), timeZone)));
  let opened = 0;
  for (const week of weeks) {
    const { shifts } = await hub.rotaWeek(week, weekBounds(week, timeZone));
    for (const clash of clashes) {
      const shift = shifts.find((s) => s.id === clash.shift_id && !s.deleted);
      if (!shift) continue;
      const { id: _id, week: _week, published: _published, deleted: _deleted, ...fields } = shift;
      const result = await hub.editShift(shift.id, { ...fields, employeeId: null }, timeZone, actor);
      if (result.ok) opened++;
    }
    const published = await hub.publishWeek(week, timeZone, actor);
    await tellStaff(env, db, location, week, published.changes);
  }
  return opened;
}
