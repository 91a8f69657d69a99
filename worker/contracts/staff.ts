import { z } from "zod";
import { email, verificationCode } from "./auth";

// The staff app's sign-in and who is signed in (docs/staff-app.md). Every part of the app adds its own
// contracts in its own file; these are the ones every part shares.

export const staffSignInStartRequest = z.strictObject({ email });
export const staffSignInVerifyRequest = z.strictObject({ email, code: verificationCode });

/** The same answer whoever asks: it never tells whether an address belongs to anyone's staff. */
export const STAFF_CODE_SENT =
  "If this address belongs to someone's staff, a 6-digit code is on its way. It works for 10 minutes.";
export const STAFF_CODE_INVALID = "Invalid or expired code. Please try again.";
export const STAFF_CODE_TOO_MANY_TRIES = "Too many incorrect attempts. Please request a new code.";
export const STAFF_CODE_DAILY_LIMIT =
  "Too many incorrect codes for this address today. Please try again tomorrow.";
export const STAFF_SESSION_ENDED = "Your session has ended. Please sign in again.";

export type StaffSignInStartResponse = { message: string };
export type StaffSignInVerifyResponse = { session_id: string };

/** GET /api/staff/me: who is signed in, where they work, and what their location offers them. */
export type StaffMe = {
  employee_id: string;
  first_name: string;
  last_name: string;
  email: string;
  location: { id: string; name: string; timezone: string };
};
