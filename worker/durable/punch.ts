import type { EmployeeReference, KioskAction, KioskSubmitResponse } from "../contracts/kiosk";
import { checkIn, checkOut } from "../db/attendance";
import type { Db } from "../db/client";
import type { EmployeeRow } from "../db/employees";
import { findPunchingEmployee } from "../db/kiosk-directory";
import { punchMessages as say, secondsUntil } from "../domain/punch-rules";
import { pinMatches } from "../lib/pins";
import type { HubStorage } from "./hub-storage";

export type PunchRequest = {
  locationId: string;
  timeZone: string;
  employee: EmployeeReference;
  pin: string;
  action: KioskAction;
  idempotencyKey?: string;
};

/** What the kiosk is answered: a plain object, since it crosses the RPC boundary from the hub. */
export type PunchOutcome =
  | { status: 200; body: KioskSubmitResponse }
  | { status: 400 | 401 | 423 | 429; detail: string; retryAfter?: number };

export type PunchDesk = {
  db: Db;
  storage: HubStorage;
  secret: string;
  now: number;
  /** The location's not-deleted employees (the hub keeps them cached between punches). */
  directory: () => Promise<EmployeeRow[]>;
};

const refused = (status: 400 | 401, detail: string): PunchOutcome => ({ status, detail });
const ok = (message: string): PunchOutcome => ({ status: 200, body: { success: true, message } });

/** What makes a retry "the same submit": who and what, never the PIN. */
const fingerprint = (request: PunchRequest) => JSON.stringify([request.employee, request.action]);

/**
 * One kiosk check-in or check-out, start to finish. The hub runs these one at a time per location, so
 * the checks below and the D1 write cannot interleave with another submit.
 */
export async function punch(desk: PunchDesk, request: PunchRequest): Promise<PunchOutcome> {
  const key = request.idempotencyKey;
  if (!key) return decide(desk, request);
  const stored = desk.storage.storedAnswer(key, desk.now);
  if (stored) {
    if (stored.fingerprint !== fingerprint(request)) return refused(400, say.keyReused);
    return JSON.parse(stored.answer) as PunchOutcome;
  }
  const outcome = await decide(desk, request);
  // Locks and throttles pass: a retry after them deserves a fresh decision, and nothing was recorded.
  if (outcome.status !== 423 && outcome.status !== 429) {
    desk.storage.storeAnswer(key, fingerprint(request), JSON.stringify(outcome), desk.now);
  }
  return outcome;
}

async function decide(desk: PunchDesk, request: PunchRequest): Promise<PunchOutcome> {
  const { storage, now } = desk;
  const throttledUntil = storage.throttledUntil(now);
  if (throttledUntil)
    return { status: 429, detail: say.throttled, retryAfter: secondsUntil(throttledUntil, now) };

  const found = findPunchingEmployee(await desk.directory(), request.employee);
  if (found.found === "none") return refused(400, say.unknownEmployee);
  if (found.found === "several") return refused(400, say.severalEmployees(found.name));
  const { employee } = found;
  if (!employee.active) return refused(400, say.inactive);

  const lockedUntil = storage.lockedUntil(employee.id, now);
  if (lockedUntil) return { status: 423, detail: say.locked, retryAfter: secondsUntil(lockedUntil, now) };

  if (!(await pinMatches(desk.secret, employee.id, request.pin, employee.pinHash))) {
    const lockedNow = storage.recordWrongPin(employee.id, now);
    if (lockedNow) return { status: 423, detail: say.locked, retryAfter: secondsUntil(lockedNow, now) };
    return refused(401, say.wrongPin);
  }
  storage.clearWrongPins(employee.id);
  return request.action === "check_in"
    ? punchIn(desk, request, employee.id)
    : punchOut(desk, request, employee.id);
}

async function punchIn(desk: PunchDesk, request: PunchRequest, employeeId: string): Promise<PunchOutcome> {
  const result = await checkIn(desk.db, request.locationId, employeeId, desk.now);
  if (result.status === "inactive") return refused(400, say.inactive);
  if (result.status === "already_in") return refused(400, say.alreadyIn(result.since, request.timeZone));
  return ok(say.checkedIn(desk.now, request.timeZone));
}

async function punchOut(desk: PunchDesk, request: PunchRequest, employeeId: string): Promise<PunchOutcome> {
  const closed = await checkOut(desk.db, employeeId, desk.now);
  if (!closed) return refused(400, say.notIn);
  return ok(say.checkedOut(closed.checkInAt, desk.now, request.timeZone));
}
