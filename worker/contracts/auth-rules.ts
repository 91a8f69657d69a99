import { hasUnsafeCharacters, unsafeTextMessage } from "./text";

// The account rules and messages the sign-in screens show as the manager types, free of zod: on a new device
// those screens are the dashboard's first, and zod (about 25 kB gzipped) loads only with what needs it
// (docs/performance.md). ./auth.ts builds the requests' schemas on them.

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
