import { ACCOUNT_CLOSED, EMAIL_NOT_VERIFIED, type LoginResponse, type SessionUser } from "../contracts/auth";
import type { SessionMember } from "../contracts/team";
import { createSession, toSessionUser, type UserRow } from "../db/accounts";
import type { Db } from "../db/client";
import { clearLimit, limitStore, refund } from "../db/rate-limits";
import { accountOf } from "../db/team";
import { subscriptionRequired } from "../domain/plans";
import { type Member, permissionsOf } from "../domain/team-roles";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../lib/crypto";
import { forbidden, unauthorized } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";

// Failed sign-ins are counted per account entry and per client address in 15-minute windows:
// enough to stop guessing, never more than minutes for the real owner.
export const ACCOUNT_LOGIN_WINDOW = { limit: 10, windowMs: 15 * 60_000 };
export const ADDRESS_LOGIN_WINDOW = { limit: 50, windowMs: 15 * 60_000 };
export const THROTTLED = "Too many sign-in attempts. Please wait a few minutes and try again.";

export type SignedIn = { user: SessionUser; member: SessionMember };

/** The signed-in member as the sign-in answers and GET /api/user/me describe them. */
export const toSessionMember = (member: Member): SessionMember => ({
  id: member.id,
  name: member.name,
  role: member.role,
  location_ids: member.locationIds === null ? null : [...member.locationIds],
  may_approve_pay: member.mayApprovePay,
  permissions: permissionsOf(member),
});

/**
 * What every sign-in answer says about a signed-in row (docs/team.md): `user` is the account (its id, plan and
 * subscription, as they stand now) with the person's own name, e-mail and username; `member` is the person and
 * their role. A member of a closed or deleted account is refused as the account itself would be.
 */
export async function signedInAnswer(db: Db, row: UserRow): Promise<SignedIn> {
  const signedIn = await accountOf(db, row);
  if (!signedIn || signedIn.user.closedAt) throw forbidden(ACCOUNT_CLOSED);
  return sessionAnswer(row, signedIn.user, signedIn.member);
}

/** The same answer once the person's account and member are known (the session guards have both). */
export const sessionAnswer = (person: UserRow, account: UserRow, member: Member): SignedIn => ({
  user: { ...toSessionUser(account), name: person.name, email: person.email, username: person.username },
  member: toSessionMember(member),
});

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
  const answer = await signedInAnswer(db, user);
  // The ACCOUNT's subscription (a member's own row has none): suspended, or a trial that ended unpaid.
  const required = subscriptionRequired(answer.user.subscription_status);
  return {
    success: true,
    session_id: await createSession(db, user.id),
    subscription_required: required,
    message: required
      ? "Your subscription needs attention. Please choose a plan to continue."
      : "Login successful",
    ...answer,
  };
}
