// What the sign-in calls answer in words the app also checks for, free of zod (as ./auth-rules.ts): the
// sign-in form, on the dashboard's first screen, knows an unverified account by its message.

export const ACCOUNT_CLOSED = "This account has been closed.";
export const EMAIL_NOT_VERIFIED = "Please verify your email address before signing in.";

export const FORGOT_PASSWORD_MESSAGE =
  "If an account with that email exists, we've sent you a 6-digit verification code.";
