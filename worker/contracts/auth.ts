import { z } from "zod";
import { hasUnsafeCharacters, isSafeText, unsafeTextMessage } from "./text";

// Shared by the Worker (request validation) and the SPA (forms): the messages are the product's own.

export const PASSWORD_RULES = [
  { label: "At least 8 characters", test: (p: string) => p.length >= 8 },
  { label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { label: "One number", test: (p: string) => /\d/.test(p) },
  { label: "One special character (@$!%*?&)", test: (p: string) => /[@$!%*?&]/.test(p) },
] as const;

export const unmetPasswordRules = (password: string) =>
  PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label);

export const PASSWORD_MAX_LENGTH = 128;

export const nameMessages = {
  required: "Full name is required",
  twoWords: "Please enter your full name (first and last name)",
  partLength: "Each name must be at least 2 characters long",
  unsafe: unsafeTextMessage("Full name"),
} as const;

/** The §5 full-name rule; `null` when the name is acceptable. */
export function fullNameProblem(name: string): string | null {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return nameMessages.required;
  if (parts.length < 2) return nameMessages.twoWords;
  if (parts.some((part) => part.length < 2)) return nameMessages.partLength;
  if (hasUnsafeCharacters(name)) return nameMessages.unsafe;
  return null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  if (!email.trim()) return "Email is required";
  if (!EMAIL_PATTERN.test(email.trim()) || email.length > 254 || hasUnsafeCharacters(email))
    return "Please enter a valid email address";
  return null;
}

export const email = z
  .string({ error: "Email is required" })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.trim().toLowerCase());

const fullName = z
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

const existingPassword = z
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
};

export type VerifyEmailResponse = { session_id: string; plan: PlanId; user: SessionUser };
export type MessageResponse = { message: string };
export type LogoutResponse = { success: true; message: string };

export const ACCOUNT_CLOSED = "This account has been closed.";
export const EMAIL_NOT_VERIFIED = "Please verify your email address before signing in.";

export const FORGOT_PASSWORD_MESSAGE =
  "If an account with that email exists, we've sent you a 6-digit verification code.";
