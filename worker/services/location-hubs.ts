import { type Employee, statusOf } from "../contracts/employees";
import type { SocketScope } from "../contracts/live";
import type { SocketClose } from "../contracts/socket-close";
import { auditSessionClosed } from "../db/attendance";
import type { Actor } from "../db/audit";
import type { Db } from "../db/client";
import type { EmployeeRecord } from "../db/employees";
import { listLocations } from "../db/locations";
import type { AccountData } from "../domain/account-export";
import type { AttendanceSession, StaffStatus } from "../domain/hub-exchange";
import type { Entry } from "../domain/timesheet";
import { type ClockedBreak, disconnectSockets, hubFor } from "../durable/client";

// What the Worker asks of its locations' hubs together with D1: an account's sockets, the staff list with the
// hubs' statuses, a manager's close of a session with its audit row, and the account export's hub-held part.

/** The same, at every live location of an account (logout, password reset, suspension). */
export async function disconnectAccount(
  env: Env,
  db: Db,
  userId: string,
  scope: SocketScope,
  close: SocketClose,
) {
  const locations = await listLocations(db, userId);
  await disconnectSockets(
    env,
    locations.map((location) => location.id),
    scope,
    close,
  );
}

/**
 * Ends the dashboards opened under these sessions at every live location of the account: a team member removed
 * or narrowed is signed out everywhere at once, not when their socket next drops (docs/team.md).
 */
export async function disconnectSessions(
  env: Env,
  db: Db,
  accountId: string,
  sessionHashes: readonly string[],
  close: SocketClose,
) {
  if (sessionHashes.length === 0) return;
  const locationIds = (await listLocations(db, accountId)).map((location) => location.id);
  await Promise.all(sessionHashes.map((session) => disconnectSockets(env, locationIds, { session }, close)));
}

/**
 * The employees as the dashboard lists them: D1 says who they are, their location's hub their status (holiday,
 * sick...) and whether each is checked in, in one call.
 */
export async function withHubState(
  env: Env,
  locationId: string,
  employees: EmployeeRecord[],
): Promise<Employee[]> {
  const { statuses, checkedIn } = await hubFor(env, locationId).staffState();
  const inNow = new Set(checkedIn);
  return employees.map((employee) => {
    const status = statuses[employee.id];
    return {
      ...employee,
      current_status: statusOf(status?.status ?? "active"),
      status_note: status?.note ?? null,
      status_start_date: status?.startDate ?? null,
      status_end_date: status?.endDate ?? null,
      checked_in: inNow.has(employee.id),
    };
  });
}

/**
 * Closes the employee's open session at their location's hub as the manager, and records who did it in
 * the audit log. Returns the session as it was, or null when none was open. With `refuseIfLocked`, a session
 * in an approved pay period is left open ("locked"); otherwise (an employee deactivated or deleted) it is
 * closed all the same and flagged as changed after approval.
 */
export async function closeSessionAtHub(
  env: Env,
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  employeeId: string,
  at = Date.now(),
  options: { refuseIfLocked?: boolean } = {},
): Promise<AttendanceSession | null | "locked"> {
  const closed = await hubFor(env, locationId).closeSession(employeeId, at, options);
  if (closed && closed !== "locked") await auditSessionClosed(db, userId, actor, locationId, closed, at);
  return closed;
}

const EXPORT_PAGE = 2_000;

export type HubHeldData = Pick<
  AccountData,
  "sessions" | "breaks" | "entries" | "statusPeriods" | "breakOverrides"
> & {
  /** Each employee's status as their hub keeps it. */
  statuses: Map<string, StaffStatus>;
};

/**
 * What the locations' hubs hold (the account export): every session, in check-in order, read a page at a
 * time, every break clocked in them, and their staff's status periods and own breaks.
 */
export async function allHubData(env: Env, locationIds: readonly string[]): Promise<HubHeldData> {
  const perLocation = await Promise.all(
    locationIds.map(async (locationId) => {
      const hub = hubFor(env, locationId);
      const rows: AttendanceSession[] = [];
      const breaks: ClockedBreak[] = [];
      const entries: Entry[] = [];
      for (;;) {
        const last = rows.at(-1);
        const page = await hub.sessionPage(last ? { checkIn: last.checkIn, id: last.id } : null, EXPORT_PAGE);
        rows.push(...page);
        const ids = page.map((session) => session.id);
        breaks.push(...(await hub.breaksOf(ids)));
        entries.push(...(await hub.entriesOf(ids)));
        if (page.length < EXPORT_PAGE) break;
      }
      entries.push(...(await hub.addedEntries()));
      const staff = await hub.staffRecords();
      return {
        staff,
        sessions: rows.map((s) => ({
          id: s.id,
          locationId,
          employeeId: s.employeeId,
          checkInAt: s.checkIn,
          checkOutAt: s.checkOut,
          closedBy: s.closedBy,
        })),
        breaks: breaks.map((b) => ({
          id: b.id,
          locationId,
          sessionId: b.sessionId,
          employeeId: b.employeeId,
          startAt: b.start,
          endAt: b.end,
        })),
        entries: entries.map((e) => ({
          id: e.id,
          locationId,
          employeeId: e.employeeId,
          checkInAt: e.checkIn,
          checkOutAt: e.checkOut,
          breaks: e.breaks,
          source: e.source,
          corrected: e.edited,
          voided: e.voided,
          reason: e.reason ?? null,
        })),
      };
    }),
  );
  return {
    sessions: perLocation.flatMap((l) => l.sessions).sort((a, b) => a.checkInAt - b.checkInAt),
    breaks: perLocation.flatMap((l) => l.breaks).sort((a, b) => a.startAt - b.startAt),
    entries: perLocation.flatMap((l) => l.entries).sort((a, b) => a.checkInAt - b.checkInAt),
    statusPeriods: perLocation.flatMap((l) => l.staff.history).sort((a, b) => a.createdAt - b.createdAt),
    breakOverrides: perLocation.flatMap((l) => l.staff.overrides),
    statuses: new Map(perLocation.flatMap((l) => Object.entries(l.staff.statuses))),
  };
}
