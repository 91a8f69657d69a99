import { formatDuration, localTime } from "./local-time";

// How a kiosk guards a 4-digit PIN, and what it tells the person at the tablet (spec §8).

/** Wrong PINs in a row that lock one employee, and for how long (even the right PIN is refused). */
export const EMPLOYEE_LOCKOUT = { failures: 5, lockMs: 15 * 60_000 };

/** Wrong PINs one location may see in a sliding window before it refuses every submit for a while. */
export const LOCATION_THROTTLE = { failures: 20, windowMs: 5 * 60_000 };

/** How long a kiosk's Idempotency-Key keeps answering with the first result. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export const punchMessages = {
  checkedIn: (at: number, zone: string) => `Checked in at ${localTime(at, zone)}`,
  checkedOut: (inAt: number, outAt: number, zone: string) =>
    `Checked out at ${localTime(outAt, zone)} — worked ${formatDuration(outAt - inAt)}`,
  alreadyIn: (since: number, zone: string) => `Already checked in since ${localTime(since, zone)}`,
  notIn: "Not checked in — please check in first",
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
