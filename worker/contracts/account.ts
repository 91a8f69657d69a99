import { z } from "zod";

// Leaving (GET /api/user/export, POST /api/user/close-account). Shared by the Worker and the SPA.

export const closeAccountRequest = z.strictObject({
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(256, "Password is too long"),
});

export type CloseAccountResponse = { message: string };

export const ACCOUNT_CLOSED_MESSAGE =
  "Your account has been closed and your subscription cancelled. Your data will be deleted within 30 days.";
