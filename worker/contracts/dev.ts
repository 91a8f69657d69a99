import { z } from "zod";
import { email, fullName, newPassword } from "./auth";
import { idParam } from "./params";
import { INVITABLE_ROLES } from "./team";

// Development-only helpers (worker/routes/dev.ts): every path is a plain 404 anywhere else.

/** GET /api/dev/outbox?email=: the e-mails the offline mailer "sent" to one address, newest first. */
export const outboxQuery = z.object({ email });
export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  body: string;
  /** The six-digit code in the body, if any. */
  code: string | null;
  /** Files sent with it, their content in base64 (a rota's .ics, docs/rota.md). */
  attachments: { filename: string; content_type: string; content: string }[];
  created_at: string;
};
export type OutboxResponse = { messages: OutboxMessage[] };

/**
 * POST /api/dev/forgotten-session: one of the caller's employees checked in `hours_ago` hours ago and never
 * clocked out, as a demo (and the browser tests) cannot wait a day for it.
 */
export const forgottenSessionRequest = z.strictObject({
  employee_id: z.string().min(1).max(100),
  hours_ago: z.number().int().min(1).max(72),
});
/** The session staged: when it began (ISO 8601, whole minutes). */
export type ForgottenSessionResponse = { success: true; check_in_at: string };

/** Puts an account in a state the sandbox cannot reach by itself (a renewal that failed for good). */
export const billingStateRequest = z.strictObject({
  email,
  subscription_status: z.enum(["suspended", "trial_expired"]),
});

/**
 * POST /api/dev/team-member: a member of the caller's team made at once, with a password of their own, as an
 * accepted invitation would make them: the browser tests sign members in without a mailbox round trip.
 */
export const teamMemberRequest = z.strictObject({
  name: fullName,
  email,
  password: newPassword,
  role: z.enum(INVITABLE_ROLES),
  location_ids: z.array(idParam("Location id")).max(50).default([]),
  may_approve_pay: z.boolean().default(false),
});
export type TeamMemberResponse = { member_id: string; username: string };
