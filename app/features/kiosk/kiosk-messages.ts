import {
  isLeavePrompt,
  KIOSK_RETIRED,
  LEAVE_TODAY,
  type LeavePrompt,
  LOCKED,
} from "@contracts/kiosk-notices";
import { ApiFailure } from "../../lib/http";

// The kiosk's error messages, in one place.
export const KIOSK_TEXT = {
  pinLength: "PIN must be exactly 4 digits",
  failed: "Attendance recording failed",
  wrongPin: "Incorrect PIN - Please try again",
  locked: LOCKED,
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
  retired: KIOSK_RETIRED,
} as const;

/**
 * What the kiosk does after a refused submit, besides saying why (the PIN field is cleared after every answer):
 * stay on the PIN step (a wrong PIN), go back to the name step (locked), go back to the initials after a few
 * seconds (any other refusal: "Not checked in"), ask whether to clock in on a day of leave, or stop for good
 * (the kiosk is no longer in use).
 */
export type SubmitOutcome =
  | { message: string; next: "stay" | "back-to-name" | "back-to-initial" | "retired" }
  | { message: string; next: "ask-leave"; leave: LeavePrompt };

/** What the kiosk says and does after a failed submit. */
export function submitFailure(error: unknown): SubmitOutcome {
  const status = error instanceof ApiFailure ? error.status : 0;
  const detail = error instanceof ApiFailure ? error.detail : null;
  // A paired kiosk whose device was revoked also gets a 401: that is not the employee's PIN.
  if (status === 401 && detail?.includes("not paired")) return { message: detail, next: "stay" };
  if (status === 401) return { message: KIOSK_TEXT.wrongPin, next: "stay" };
  // The product's sentence, with how long and what to do when the server says.
  if (status === 423) {
    return { message: detail?.startsWith(LOCKED) ? detail : KIOSK_TEXT.locked, next: "back-to-name" };
  }
  if (status === 409 && error instanceof ApiFailure) {
    const leave = (error.body as Record<string, unknown> | null)?.[LEAVE_TODAY];
    if (isLeavePrompt(leave)) return { message: detail ?? "", next: "ask-leave", leave };
  }
  if (status === 410) return { message: KIOSK_TEXT.retired, next: "retired" };
  if (status === 429) return { message: KIOSK_TEXT.wait, next: "back-to-initial" };
  if (status === 400) return { message: detail ?? KIOSK_TEXT.generic, next: "back-to-initial" };
  return { message: detail ?? KIOSK_TEXT.generic, next: "stay" };
}

/** A kiosk call that says the kiosk is no longer in use (its location archived, or its account closed). */
export const isRetired = (error: unknown) => error instanceof ApiFailure && error.status === 410;
