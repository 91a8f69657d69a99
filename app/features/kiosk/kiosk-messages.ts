import { ApiFailure } from "../../lib/http";

// The kiosk error catalogue (spec §8), in one place.
export const KIOSK_TEXT = {
  pinLength: "PIN must be exactly 4 digits",
  failed: "Attendance recording failed",
  wrongPin: "Incorrect PIN - Please try again",
  locked: "Account temporarily locked due to too many incorrect attempts",
  wait: "Please wait before trying again",
  generic: "An error occurred",
  location: "Error loading location details",
  initials: "Error loading employee initials",
  noEmployees: "No employees found at this location",
  employees: (initial: string) =>
    `Cannot load employees for initial "${initial}". Please contact IT support.`,
  noneWithInitial: (initial: string) => `No employees found with initial "${initial}"`,
  noneWithInitialAt: (initial: string, location: string) =>
    `No employees found with initial "${initial}" at ${location}`,
} as const;

export type SubmitOutcome = { message: string; next: "stay" | "clear-pin" | "back-to-name" };

/** What the kiosk says and does after a failed submit (spec §4 and §8). */
export function submitFailure(error: unknown): SubmitOutcome {
  const status = error instanceof ApiFailure ? error.status : 0;
  const detail = error instanceof ApiFailure ? error.detail : null;
  // A paired kiosk whose device was revoked also gets a 401: that is not the employee's PIN.
  if (status === 401 && detail?.includes("not paired")) return { message: detail, next: "stay" };
  if (status === 401) return { message: KIOSK_TEXT.wrongPin, next: "clear-pin" };
  if (status === 423) return { message: KIOSK_TEXT.locked, next: "back-to-name" };
  if (status === 429) return { message: KIOSK_TEXT.wait, next: "stay" };
  if (status === 400) return { message: detail ?? KIOSK_TEXT.generic, next: "stay" };
  return { message: detail ?? KIOSK_TEXT.generic, next: "stay" };
}
