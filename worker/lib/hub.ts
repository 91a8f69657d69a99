import { type Employee, statusOf } from "../contracts/employees";
import type { SocketScope } from "../contracts/live";
import type { SocketClose } from "../contracts/socket-close";
import { auditSessionClosed } from "../db/attendance";
import type { Db } from "../db/client";
import type { EmployeeRecord } from "../db/employees";
import { listLocations } from "../db/locations";
import type { AccountData } from "../domain/account-export";
import type { Entry } from "../domain/timesheet";
import type { BreakRecord } from "../durable/hub-breaks";
import type { SessionRecord } from "../durable/hub-records";
import type { StaffStatus } from "../durable/hub-staff";
import type { HubChange } from "../durable/location-hub";
import { describeError } from "./errors";

/** The location's LocationHub: one Durable Object per location, named by its id (which it reads back). */
export const hubFor = (env: Env, locationId: string) => env.LOCATION_HUB.getByName(locationId);

/**
 * Tells the hub that D1 changed something it keeps or shows (staff, look, access), so it reads its site again
 * and its dashboards and kiosks update. The change itself is already committed, so a hub that cannot be
 * reached is logged rather than turned into an error for the manager: it reads its site again in the
 * background once its copy is ten minutes old.
 */
export async function notifyHub(env: Env, locationId: string, change: HubChange) {
  try {
    await hubFor(env, locationId).changed(change);
  } catch (error) {
    console.error(`[location-hub ${locationId}] change notification failed: ${describeError(error)}`);
  }
}

/**
 * Closes the sockets in `scope` at each of the locations, before the caller answers: a signed-out session
 * or an unpaired kiosk must stop receiving staff data at once. A hub that cannot be reached is logged (its
 * sockets end with the next code update, and a closed session cannot open new ones).
 */
export async function disconnectSockets(
  env: Env,
  locationIds: readonly string[],
  scope: SocketScope,
  close: SocketClose,
) {
  const results = await Promise.allSettled(locationIds.map((id) => hubFor(env, id).disconnect(scope, close)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      console.error(`[location-hub ${locationIds[i]}] disconnect failed: ${describeError(result.reason)}`);
    }
  }
}

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
  locationId: string,
  employeeId: string,
  at = Date.now(),
  options: { refuseIfLocked?: boolean } = {},
): Promise<SessionRecord | null | "locked"> {
  const closed = await hubFor(env, locationId).closeSession(employeeId, at, options);
  if (closed && closed !== "locked") await auditSessionClosed(db, userId, locationId, closed, at);
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
      const rows: SessionRecord[] = [];
      const breaks: BreakRecord[] = [];
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
