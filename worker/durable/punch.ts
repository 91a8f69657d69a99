import type { EmployeeReference, KioskAction, KioskSubmitResponse } from "../contracts/kiosk";
import type { PunchWrite, PunchWritten } from "../db/attendance";
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

/** An answer that may still be waiting for its D1 commit; boxed so the hub's queue does not wait for it. */
export type Decided = { outcome: Promise<PunchOutcome> };

/** A keyed submit whose answer is not stored yet: a retry meanwhile shares it. */
export type InFlight = Map<string, { fingerprint: string; outcome: Promise<PunchOutcome> }>;

export type PunchDesk = {
  storage: HubStorage;
  secret: string;
  now: number;
  /** The location's not-deleted employees (the hub keeps them cached between punches). */
  directory: () => Promise<EmployeeRow[]>;
  /** Queues the punch's D1 write, behind every punch decided before it. */
  record: (write: PunchWrite) => Promise<PunchWritten>;
  inFlight: InFlight;
};

const refused = (status: 400 | 401, detail: string): PunchOutcome => ({ status, detail });
const ok = (message: string): PunchOutcome => ({ status: 200, body: { success: true, message } });

/** What makes a retry "the same submit": who and what, never the PIN. */
const fingerprint = (request: PunchRequest) => JSON.stringify([request.employee, request.action]);

/**
 * One kiosk check-in or check-out. The hub runs these one at a time per location, so the checks and the
 * punch's place in the D1 write order cannot interleave with another submit; the write itself is then
 * committed together with the punches queued behind it, and its answer is awaited outside the queue.
 */
export async function punch(desk: PunchDesk, request: PunchRequest): Promise<Decided> {
  const key = request.idempotencyKey;
  if (!key) return { outcome: settle(desk, request, await decide(desk, request)) };
  const print = fingerprint(request);
  const earlier = earlierAnswer(desk, key);
  if (earlier) {
    return {
      outcome: earlier.fingerprint === print ? earlier.outcome : Promise.resolve(refused(400, say.keyReused)),
    };
  }
  const outcome = settle(desk, request, await decide(desk, request));
  desk.inFlight.set(key, { fingerprint: print, outcome });
  outcome
    .then((answer) => {
      // Locks and throttles pass: a retry after them deserves a fresh decision, and nothing was recorded.
      if (answer.status === 423 || answer.status === 429) return;
      desk.storage.storeAnswer(key, print, JSON.stringify(answer), desk.now);
    })
    .finally(() => desk.inFlight.delete(key))
    // A failed write is answered to its caller; with nothing stored, a retry is decided afresh.
    .catch(() => undefined);
  return { outcome };
}

function earlierAnswer(desk: PunchDesk, key: string) {
  const flying = desk.inFlight.get(key);
  if (flying) return flying;
  const stored = desk.storage.storedAnswer(key, desk.now);
  if (!stored) return null;
  return {
    fingerprint: stored.fingerprint,
    outcome: Promise.resolve(JSON.parse(stored.answer) as PunchOutcome),
  };
}

/** Every check that needs no D1: a refusal, or the write to record. */
async function decide(desk: PunchDesk, request: PunchRequest): Promise<PunchOutcome | PunchWrite> {
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
  return { action: request.action, locationId: request.locationId, employeeId: employee.id, at: now };
}

/** Queues the write (synchronously, so in decision order) and words what D1 made of it. */
function settle(desk: PunchDesk, request: PunchRequest, decision: PunchOutcome | PunchWrite) {
  if ("status" in decision) return Promise.resolve(decision);
  const { at } = decision;
  const zone = request.timeZone;
  return desk.record(decision).then((written): PunchOutcome => {
    switch (written.status) {
      case "checked_in":
        return ok(say.checkedIn(at, zone));
      case "already_in":
        return refused(400, say.alreadyIn(written.since, zone));
      case "inactive":
        return refused(400, say.inactive);
      case "checked_out":
        return ok(say.checkedOut(written.checkInAt, at, zone));
      case "not_in":
        return refused(400, say.notIn);
    }
  });
}
