import type { EmployeeReference } from "../contracts/kiosk";
import { durationBetween, hoursAndMinutes, sessionMinutes, type TimedSession } from "./durations";
import { localTime } from "./local-time";

// How a kiosk guards a 4-digit PIN, and what it tells the person at the tablet.

/**
 * Wrong PINs in a row that lock one employee at one kiosk source (the public kiosk, or one paired device),
 * and for how long (even the right PIN is refused there).
 */
export const EMPLOYEE_LOCKOUT = { failures: 5, lockMs: 15 * 60_000 };

/**
 * Wrong PINs one kiosk source may make in each sliding window before it refuses every submit for a while.
 * A 4-digit PIN is weak, so guessing across employees is throttled too. The daily budget bounds what an
 * outsider gains: at most 50 guesses a day at one location's public kiosk, so at most about a 0.5% chance
 * a day of finding any one PIN there (docs/security.md, "The kiosk under attack").
 */
export const PIN_BUDGETS = [
  { failures: 20, windowMs: 5 * 60_000 },
  { failures: 50, windowMs: 24 * 60 * 60_000 },
] as const;

/** An attack incident ends after this long without a wrong PIN or a refused submit from its source. */
export const PIN_INCIDENT_QUIET_MS = 60 * 60_000;

/** The public (variant A) kiosk's source; a paired device's is `device:<id>`. */
export const PUBLIC_KIOSK = "public";
export const deviceSource = (deviceId: string) => `device:${deviceId}`;

/** How long a kiosk's Idempotency-Key keeps answering with the first result. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

const worked = (checkIn: number, checkOut: number, breaks: TimedSession["breaks"]) =>
  hoursAndMinutes(sessionMinutes({ checkIn, checkOut, breaks }, checkOut));

export const punchMessages = {
  checkedIn: (at: number, zone: string) => `Checked in at ${localTime(at, zone)}`,
  // "Worked" is the session less its clocked breaks, counted as the timesheet counts it (./durations.ts).
  checkedOut: (inAt: number, outAt: number, zone: string, breaks: TimedSession["breaks"] = []) =>
    `Checked out at ${localTime(outAt, zone)} — worked ${worked(inAt, outAt, breaks)}`,
  alreadyIn: (since: number, zone: string) => `Already checked in since ${localTime(since, zone)}`,
  checkedOutFromBreak: (inAt: number, outAt: number, zone: string, breaks: TimedSession["breaks"] = []) =>
    `Break ended and checked out at ${localTime(outAt, zone)} — worked ${worked(inAt, outAt, breaks)}`,
  notIn: "Not checked in — please check in first",
  breakStarted: (at: number, zone: string) => `Break started at ${localTime(at, zone)}`,
  breakEnded: (startAt: number, endAt: number, zone: string) =>
    `Break ended at ${localTime(endAt, zone)} — break of ${durationBetween(startAt, endAt)}`,
  alreadyOnBreak: (since: number, zone: string) => `Already on a break since ${localTime(since, zone)}`,
  notOnBreak: "Not on a break — choose Start Break first",
  notInForBreak: "Not checked in — please check in before starting a break",
  breaksOff: "Breaks are not recorded at this location. Please check in or check out.",
  unknownEmployee: "Employee not found at this location",
  severalEmployees: (name: string) =>
    `More than one employee is called ${name}. Please choose your name from the list.`,
  inactive: "This employee is inactive. Please speak to your manager.",
  wrongPin: "Incorrect PIN",
  locked: "Account temporarily locked due to too many incorrect attempts",
  throttled: "Too many incorrect PINs at this kiosk. Please wait before trying again.",
  keyReused: "This Idempotency-Key was already used for a different submit",
  unavailable: "Attendance could not be recorded just now. Please try again.",
} as const;

export const secondsUntil = (instant: number, now: number) => Math.max(1, Math.ceil((instant - now) / 1000));

/** What a punch is decided on: who the employee is, whether they may punch, and their PIN's hash. */
export type Punchable = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  pinHash: string;
  active: boolean;
};

export type Punching =
  | { found: "one"; employee: Punchable }
  | { found: "none" }
  | { found: "several"; name: string };

const sameText = (a: string, b: string) => a.localeCompare(b, "en-GB", { sensitivity: "accent" }) === 0;

/** The employee a kiosk submit names, by username or by first and last name (case-insensitive). */
export function findPunchingEmployee(directory: readonly Punchable[], who: EmployeeReference): Punching {
  const rows = directory.filter((row) =>
    "username" in who
      ? row.username === who.username.toLowerCase()
      : sameText(row.firstName, who.first_name) && sameText(row.lastName, who.last_name),
  );
  // Inactive namesakes do not make an active employee ambiguous.
  const active = rows.filter((row) => row.active);
  const candidates = active.length > 0 ? active : rows;
  const [employee] = candidates;
  if (!employee) return { found: "none" };
  if (candidates.length > 1) return { found: "several", name: `${employee.firstName} ${employee.lastName}` };
  return { found: "one", employee };
}
