import { ACCOUNT_CLOSED, EMAIL_NOT_VERIFIED, type LoginResponse } from "../contracts/auth";
import type { SessionMember } from "../contracts/team";
import { createSession, toSessionUser, type UserRow } from "../db/accounts";
import type { Db } from "../db/client";
import { clearLimit, limitStore, refund } from "../db/rate-limits";
import { accountOf } from "../db/team";
import { subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { type Member, permissionsOf } from "../domain/team-roles";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../lib/crypto";
import { forbidden, unauthorized } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";

// Failed sign-ins are counted per account entry and per client address in 15-minute windows:
// enough to stop guessing, never more than minutes for the real owner.
export const ACCOUNT_LOGIN_WINDOW = { limit: 10, windowMs: 15 * 60_000 };
export const ADDRESS_LOGIN_WINDOW = { limit: 50, windowMs: 15 * 60_000 };
export const THROTTLED = "Too many sign-in attempts. Please wait a few minutes and try again.";

type SignInRequest = {
  throttleKey: string;
  password: string;
  candidates: () => Promise<UserRow[]>;
  failure: string;
};

/**
 * Shared by /auth/login and /manager/login: throttle, verify in constant work, open a session. `address`
 * is the client's address (lib/config.ts's clientAddress), counted against its own budget.
 */
export async function signIn(db: Db, address: string, request: SignInRequest): Promise<LoginResponse> {
  const addressKey = `login-address:${address}`;
  await countAttempt(
    limitStore(db),
    [
      { key: request.throttleKey, window: ACCOUNT_LOGIN_WINDOW },
      { key: addressKey, window: ADDRESS_LOGIN_WINDOW },
    ],
    THROTTLED,
  );

  const candidates = await request.candidates();
  // Unknown accounts cost one hash too, so timing does not tell which entries exist.
  if (candidates.length === 0) await verifyPassword(request.password, DUMMY_PASSWORD_HASH);
  const matches: UserRow[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(request.password, candidate.passwordHash)) matches.push(candidate);
  }
  const [user] = matches;
  if (!user || matches.length > 1) {
    if (matches.length > 1) {
      throw unauthorized("More than one account has this name. Please sign in with your email address.");
    }
    throw unauthorized(request.failure);
  }
  // The right password is not a failure: the account's run starts again and the address gets its try back.
  await clearLimit(db, request.throttleKey);
  await refund(db, addressKey);
  // Only after the right password, so the answer tells a stranger nothing about the account.
  if (user.closedAt) throw forbidden(ACCOUNT_CLOSED);
  if (!user.emailVerifiedAt) {
    throw forbidden(EMAIL_NOT_VERIFIED);
  }
  // Suspended (a failed payment past its grace period) or a trial that ended unpaid: pay first.
  const required = subscriptionRequired(effectiveBilling(user).subscriptionStatus);
  return {
    success: true,
    session_id: await createSession(db, user.id),
    subscription_required: required,
    message: required
      ? "Your subscription needs attention. Please choose a plan to continue."
      : "Login successful",
    user: toSessionUser(user),
  };
}

/** Who is signed in, as the sign-in answers and GET /api/user/me describe them beside their account. */
export const toSessionMember = (member: Member): SessionMember => ({
  id: member.id,
  name: member.name,
  role: member.role,
  location_ids: member.locationIds === null ? null : [...member.locationIds],
  may_approve_pay: member.mayApprovePay,
  permissions: permissionsOf(member),
});

/**
 * The sign-in answer for a team member's new session: `user` is the account they act for (its plan and
 * subscription) with the member's own name, e-mail and username; `member` is who they are. A member never
 * sees the plan-choice screen: paying is the owner's, so `subscription_required` is always false for them.
 */
export async function signedInAnswer(
  db: Db,
  row: UserRow,
  sessionId: string,
  message = "Login successful",
): Promise<LoginResponse & { member: SessionMember }> {
  const signedIn = await accountOf(db, row);
  if (!signedIn) throw forbidden(ACCOUNT_CLOSED);
  const account = toSessionUser(signedIn.user);
  const isOwner = signedIn.member.role === "owner";
  const required = isOwner && subscriptionRequired(effectiveBilling(signedIn.user).subscriptionStatus);
  return {
    success: true,
    session_id: sessionId,
    subscription_required: required,
    message: required ? "Your subscription needs attention. Please choose a plan to continue." : message,
    user: { ...account, name: row.name, email: row.email, username: row.username },
    member: toSessionMember(signedIn.member),
  };
}
