import { z } from "zod";
import { email } from "./auth";

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
  created_at: string;
};
export type OutboxResponse = { messages: OutboxMessage[] };

/** Puts an account in a state the sandbox cannot reach by itself (a renewal that failed for good). */
export const billingStateRequest = z.strictObject({
  email,
  subscription_status: z.enum(["suspended", "trial_expired"]),
});
