import { z } from "zod";
import {
  emailProblem,
  fullNameProblem,
  nameMessages,
  PASSWORD_MAX_LENGTH,
  unmetPasswordRules,
} from "./auth-rules";
import type { SessionMember } from "./roles";
import { isSafeText, unsafeTextMessage } from "./text";

// Shared by the Worker (request validation) and the SPA (forms): the messages are the product's own.
// The rules and messages the sign-in screens show live in ./auth-rules.ts and ./auth-messages.ts (zod-free:
// those screens are the dashboard's first screen on a new device); re-exported here.
export { ACCOUNT_CLOSED, EMAIL_NOT_VERIFIED, FORGOT_PASSWORD_MESSAGE } from "./auth-messages";
export {
  emailProblem,
  fullNameProblem,
  nameMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULES,
  unmetPasswordRules,
} from "./auth-rules";

export const email = z
  .string({ error: "Email is required" })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.trim().toLowerCase());

export const fullName = z
  .string({ error: nameMessages.required })
  .max(100, "Full name must be at most 100 characters")
  .superRefine((value, ctx) => {
    const problem = fullNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.trim().split(/\s+/).join(" "));

export const newPassword = z
  .string({ error: "Password is required" })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(isSafeText, unsafeTextMessage("Password"))
  .refine((value) => unmetPasswordRules(value).length === 0, "Password must meet all requirements.");

export const existingPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, "Invalid credentials");

export const verificationCode = z
  .string({ error: "Please enter a valid 6-digit code." })
  .regex(/^\d{6}$/, "Please enter a valid 6-digit code.");

export const signupRequest = z
  .strictObject({
    name: fullName,
    email,
    password: newPassword,
    confirm_password: z.string({ error: "Please confirm your password" }),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: "Passwords do not match",
    path: ["confirm_password"],
  });

/**
 * `password` is the one the verifier chose at sign-up (the app sends it with the code): the account gets
 * the password of whoever proved they own the mailbox, never one typed by someone else. It may be left
 * out when the address was signed up for only once.
 */
export const verifyEmailRequest = z.strictObject({
  email,
  verification_code: verificationCode,
  password: newPassword.optional(),
});
export const emailOnlyRequest = z.strictObject({ email });

export const resetPasswordRequest = z
  .strictObject({
    email,
    verification_code: verificationCode,
    new_password: newPassword,
    confirm_password: z.string().optional(),
  })
  .refine((body) => body.confirm_password === undefined || body.confirm_password === body.new_password, {
    message: "Passwords do not match.",
    path: ["confirm_password"],
  });

/**
 * The forgot-password modal's "Set New Password" step asks whether the code is right before the new
 * password is typed: the same check as a reset, the code left unused.
 */
export const checkResetCodeRequest = z.strictObject({ email, verification_code: verificationCode });
export type CheckResetCodeResponse = { valid: true };

export const loginRequest = z.strictObject({
  email_or_name: z
    .string({ error: "Full name or email is required" })
    .trim()
    .min(1, "Full name or email is required")
    .max(254, "Invalid credentials"),
  password: existingPassword,
});

export const managerLoginRequest = z.strictObject({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(254),
  password: existingPassword,
});

export const PLAN_IDS = ["starter", "pro", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * The account signed in to: its id, plan and subscription are the account's (the owner's row), its name,
 * e-mail and username the signed-in person's own (a team member's, for a member: docs/team.md).
 */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  username: string;
  plan: PlanId;
  subscription_status: string;
  is_vip: boolean;
  /** 'admin' when subscription_status is 'admin'. */
  type: "manager" | "admin";
};

export type LoginResponse = {
  success: true;
  session_id: string;
  subscription_required: boolean;
  message: string;
  user: SessionUser;
  /** Who signed in: the owner, or a team member of the account `user` describes (docs/team.md). */
  member: SessionMember;
};

export type VerifyEmailResponse = {
  session_id: string;
  plan: PlanId;
  user: SessionUser;
  member: SessionMember;
};
export type MessageResponse = { message: string };
export type LogoutResponse = { success: true; message: string };
