import type { EmployeeReference, KioskAction, KioskSubmitResponse } from "../contracts/kiosk";
import type { PunchWrite, PunchWritten } from "../db/attendance";
import type { EmployeeRow } from "../db/employees";
import { findPunchingEmployee, type Punching } from "../db/kiosk-directory";
import { punchMessages as say, secondsUntil } from "../domain/punch-rules";
import { constantTimeEqual } from "../lib/crypto";
import { hashPin } from "../lib/pins";
import type { HubStorage } from "./hub-storage";

export type PunchRequest = {
  locationId: string;
  timeZone: string;
  /** Which kiosk: PUBLIC_KIOSK or deviceSource(id); each has its own wrong-PIN budget and locks. */
  source: string;
  employee: EmployeeReference;
  pin: string;
  action: KioskAction;
  idempotencyKey?: string;
};

/** What the kiosk is answered: a plain object, since it crosses the RPC boundary from the hub. */
export type PunchOutcome =
  | { status: 200; body: KioskSubmitResponse }
  | { status: 400 | 401 | 423 | 429; detail: string; retryAfter?: number };

/** A keyed submit whose answer is not stored yet: a retry meanwhile shares it. */
export type InFlight = Map<string, { fingerprint: string; outcome: Promise<PunchOutcome> }>;

export type PunchDesk = {
  storage: HubStorage;
  now: number;
  /** Queues the punch's D1 write, behind every punch decided before it. */
  record: (write: PunchWrite) => Promise<PunchWritten>;
  inFlight: InFlight;
  /** A source has just spent its wrong-PIN budget: an attack incident began. */
  incidentOpened: (source: string) => void;
};

/** What a punch needs worked out before it is decided: who it names, and their PIN's hash. */
export type Prepared = { found: Punching; pinHash: string | null };

const refused = (status: 400 | 401, detail: string): PunchOutcome => ({ status, detail });
const ok = (message: string): PunchOutcome => ({ status: 200, body: { success: true, message } });

/** What makes a retry "the same submit": who and what, never the PIN. */
const fingerprint = (request: PunchRequest) => JSON.stringify([request.employee, request.action]);

/**
 * The slow, stateless part, run side by side for every submit: finding the employee in the location's
 * directory and hashing the PIN typed for them. Nothing is decided here.
 */
export async function preparePunch(
  directory: Promise<EmployeeRow[]>,
  secret: string,
  request: PunchRequest,
): Promise<Prepared> {
  const found = findPunchingEmployee(await directory, request.employee);
  const pinHash = found.found === "one" ? await hashPin(secret, found.employee.id, request.pin) : null;
  return { found, pinHash };
}

/**
 * One kiosk check-in or check-out, decided. Synchronous on purpose: no other submit can run between its
 * checks (throttle, lock, PIN counters) and its place in the D1 write order. The write itself then
 * commits together with the punches decided meanwhile, and the answer waits for it.
 */
export function punch(desk: PunchDesk, request: PunchRequest, prepared: Prepared): Promise<PunchOutcome> {
  const key = request.idempotencyKey;
  if (!key) return settle(desk, request, decide(desk, request, prepared));
  const print = fingerprint(request);
  const earlier = earlierAnswer(desk, key);
  if (earlier) {
    return earlier.fingerprint === print ? earlier.outcome : Promise.resolve(refused(400, say.keyReused));
  }
  const outcome = settle(desk, request, decide(desk, request, prepared));
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
  return outcome;
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

/** Every check, in order: a refusal, or the write to record. */
function decide(
  desk: PunchDesk,
  request: PunchRequest,
  { found, pinHash }: Prepared,
): PunchOutcome | PunchWrite {
  const { storage, now } = desk;
  const { source } = request;
  const throttledUntil = storage.throttledUntil(source, now);
  if (throttledUntil) {
    storage.recordRefused(source, now);
    return { status: 429, detail: say.throttled, retryAfter: secondsUntil(throttledUntil, now) };
  }

  if (found.found === "none") return refused(400, say.unknownEmployee);
  if (found.found === "several") return refused(400, say.severalEmployees(found.name));
  const { employee } = found;
  if (!employee.active) return refused(400, say.inactive);

  const lockedUntil = storage.lockedUntil(source, employee.id, now);
  if (lockedUntil) return { status: 423, detail: say.locked, retryAfter: secondsUntil(lockedUntil, now) };

  if (pinHash === null || !constantTimeEqual(pinHash, employee.pinHash)) {
    const effect = storage.recordWrongPin(source, employee.id, now);
    if (effect.incidentOpened) desk.incidentOpened(source);
    const lockedNow = effect.lockedUntil;
    if (lockedNow) return { status: 423, detail: say.locked, retryAfter: secondsUntil(lockedNow, now) };
    return refused(401, say.wrongPin);
  }
  storage.clearWrongPins(source, employee.id);
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
