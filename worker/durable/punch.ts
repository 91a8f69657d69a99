import type { EmployeeReference, KioskAction, KioskSubmitResponse } from "../contracts/kiosk";
import { isLeavePrompt, type LeavePrompt, leaveQuestion, lockedFor } from "../contracts/kiosk-notices";
import {
  findPunchingEmployee,
  type Punchable,
  type Punching,
  punchMessages as say,
  secondsUntil,
} from "../domain/punch-rules";
import { localDateOf } from "../domain/time-zone";
import { constantTimeEqual } from "../lib/crypto";
import { hashPin } from "../lib/pins";
import type { HubRecords } from "./hub-records";
import type { PinGuard } from "./pin-guard";

export type PunchRequest = {
  /** Which kiosk: PUBLIC_KIOSK or deviceSource(id); each has its own wrong-PIN budget and locks. */
  source: string;
  employee: EmployeeReference;
  pin: string;
  action: KioskAction;
  idempotencyKey?: string;
  /** The employee was asked "You're on sick leave today. Clock in anyway?" and said yes. */
  confirmLeave?: boolean;
};

/**
 * What the punch came to, in the kiosk's words: a plain object, since it crosses the RPC boundary from the
 * hub. The Worker answers each kind with its HTTP status (routes/kiosk.ts).
 */
export type PunchOutcome =
  | { kind: "recorded"; body: KioskSubmitResponse }
  /** `invalid`: the punch cannot be made (unknown employee, already in...); `wrong_pin`: the PIN was wrong. */
  | { kind: "refused"; refusal: "invalid" | "wrong_pin"; detail: string }
  /** The employee is locked out at this kiosk, for `retryAfter` seconds. */
  | { kind: "locked"; detail: string; retryAfter: number }
  /** The kiosk spent its wrong-PIN budget, for `retryAfter` seconds. */
  | { kind: "throttled"; detail: string; retryAfter: number }
  /** A check-in on a day of sick leave or holiday, asked about after the right PIN, before it is recorded. */
  | { kind: "ask_leave"; detail: string; leave: LeavePrompt };

/** An answer stored for replay before outcomes had kinds: its HTTP status said what it was. */
type StoredByStatus = { status: number; body?: KioskSubmitResponse; detail?: string };

/** A stored answer as an outcome; answers stored as statuses (kept up to a day) are read as their kind. */
export function storedOutcome(answer: string): PunchOutcome {
  const stored = JSON.parse(answer) as PunchOutcome | StoredByStatus;
  if ("kind" in stored) return stored;
  if (stored.status === 200 && stored.body) return { kind: "recorded", body: stored.body };
  return {
    kind: "refused",
    refusal: stored.status === 401 ? "wrong_pin" : "invalid",
    detail: stored.detail ?? "",
  };
}

export type PunchDesk = {
  storage: PinGuard;
  records: HubRecords;
  now: number;
  timeZone: string;
  /** The location records breaks: Start Break and End Break are offered. */
  recordBreaks: boolean;
  /** A source has just spent its wrong-PIN budget: an attack incident began. */
  incidentOpened: (source: string) => void;
};

/** What a punch needs worked out before it is decided: who it names, and their PIN's hash. */
export type Prepared = { found: Punching; pinHash: string | null };

const refused = (detail: string): PunchOutcome => ({ kind: "refused", refusal: "invalid", detail });
const ok = (message: string): PunchOutcome => ({ kind: "recorded", body: { success: true, message } });

/** What makes a retry "the same submit": who and what, never the PIN. */
const fingerprint = (request: PunchRequest) => JSON.stringify([request.employee, request.action]);

/**
 * The slow, stateless part, run side by side for every submit: finding the employee in the location's
 * staff and hashing the PIN typed for them. Nothing is decided here.
 */
export async function preparePunch(
  staff: readonly Punchable[],
  secret: string,
  request: PunchRequest,
): Promise<Prepared> {
  const found = findPunchingEmployee(staff, request.employee);
  const pinHash = found.found === "one" ? await hashPin(secret, found.employee.id, request.pin) : null;
  return { found, pinHash };
}

/**
 * One kiosk check-in or check-out, decided and recorded in one synchronous step: no other submit can run
 * between its checks (idempotency, throttle, lock, PIN counters) and its write to the hub's storage, and
 * the answer leaves only once that write is durable (the Durable Object's output gate).
 */
export function punch(desk: PunchDesk, request: PunchRequest, prepared: Prepared): PunchOutcome {
  return idempotent(
    desk,
    request.idempotencyKey,
    () => fingerprint(request),
    () => decide(desk, request, prepared),
  );
}

/**
 * Answers a retry with the answer stored under its Idempotency-Key (or refuses a key reused for another
 * punch); otherwise decides, and stores what a retry must get again.
 */
export function idempotent<Other extends { kind: string }>(
  desk: Pick<PunchDesk, "storage" | "now">,
  key: string | undefined,
  /** Made only when there is a key: a punch without one does no work for it. */
  print: () => string,
  decideNow: () => PunchOutcome | Other,
): PunchOutcome | Other {
  if (!key) return decideNow();
  const fingerprinted = print();
  const stored = desk.storage.storedAnswer(key, desk.now);
  if (stored) {
    return stored.fingerprint === fingerprinted ? storedOutcome(stored.answer) : refused(say.keyReused);
  }
  const answer = decideNow();
  // Locks, throttles, the question about leave (and a phone away from the site) pass: a retry after them
  // deserves a fresh decision (the confirmed check-in above all), and nothing was recorded.
  if (answer.kind === "recorded" || answer.kind === "refused") {
    desk.storage.storeAnswer(key, fingerprinted, JSON.stringify(answer), desk.now);
  }
  return answer;
}

/** Every check, in order, then the write: a refusal, or what the write did, in words. */
function decide(desk: PunchDesk, request: PunchRequest, { found, pinHash }: Prepared): PunchOutcome {
  const { storage, now } = desk;
  const { source } = request;
  const isBreak = request.action === "break_start" || request.action === "break_end";
  if (isBreak && !desk.recordBreaks) return refused(say.breaksOff);
  // The source's budgets and the employee's standing, in one read: every punch needs both.
  const named = found.found === "one" ? found.employee.id : null;
  const { throttledUntil, lockedUntil, failures } = storage.punchGuard(source, named, now);
  if (throttledUntil) {
    storage.recordRefused(source, now);
    return { kind: "throttled", detail: say.throttled, retryAfter: secondsUntil(throttledUntil, now) };
  }

  if (found.found === "none") return refused(say.unknownEmployee);
  if (found.found === "several") return refused(say.severalEmployees(found.name));
  const { employee } = found;
  if (!employee.active) return refused(say.inactive);

  if (lockedUntil) return locked(lockedUntil, now);

  if (pinHash === null || !constantTimeEqual(pinHash, employee.pinHash)) {
    const effect = storage.recordWrongPin(source, employee.id, now);
    if (effect.incidentOpened) desk.incidentOpened(source);
    const lockedNow = effect.lockedUntil;
    if (lockedNow) return locked(lockedNow, now);
    return { kind: "refused", refusal: "wrong_pin", detail: say.wrongPin };
  }
  storage.clearWrongPins(source, employee.id, failures);
  return recordFor(desk, request, employee.id);
}

/**
 * The punch of someone already known to be who they say (the right PIN, or a staff session): the question
 * about leave, then the write, in words.
 */
export function recordFor(
  desk: PunchDesk,
  request: Pick<PunchRequest, "action" | "confirmLeave">,
  employeeId: string,
): PunchOutcome {
  const { now } = desk;
  const isBreak = request.action === "break_start" || request.action === "break_end";
  const employee = { id: employeeId };
  const zone = desk.timeZone;
  // Only now, after the right PIN: a public kiosk must not tell a stranger who is off sick.
  const leave = request.action === "check_in" ? leaveToday(desk, employee.id, now) : null;
  if (leave && !request.confirmLeave && !desk.records.openSessionOf(employee.id)) {
    return { kind: "ask_leave", detail: leaveQuestion(leave), leave };
  }
  const written = desk.records.recordPunch(request.action, employee.id, now, leave);
  switch (written.status) {
    case "checked_in":
      return ok(say.checkedIn(now, zone));
    case "already_in":
      return refused(say.alreadyIn(written.since, zone));
    case "inactive":
      return refused(say.inactive);
    case "checked_out":
      return ok(
        written.breakStartedAt === null
          ? say.checkedOut(written.checkInAt, now, zone, written.breaks)
          : say.checkedOutFromBreak(written.checkInAt, now, zone, written.breaks),
      );
    case "not_in":
      return refused(isBreak ? say.notInForBreak : say.notIn);
    case "break_started":
      return ok(say.breakStarted(now, zone));
    case "already_on_break":
      return refused(say.alreadyOnBreak(written.since, zone));
    case "break_ended":
      return ok(say.breakEnded(written.startedAt, now, zone));
    case "not_on_break":
      return refused(say.notOnBreak);
  }
}

/** Locked, saying for how long and that a manager can unlock them now. */
function locked(until: number, now: number): PunchOutcome {
  const retryAfter = secondsUntil(until, now);
  return { kind: "locked", detail: lockedFor(retryAfter), retryAfter };
}

/** The employee's status today in the location's zone, when it is one a check-in asks about. */
export function leaveToday(desk: Pick<PunchDesk, "records" | "timeZone">, employeeId: string, at: number) {
  const date = localDateOf(at, desk.timeZone);
  const status = desk.records.staff.leaveOn(date).get(employeeId);
  return isLeavePrompt(status) ? status : null;
}
