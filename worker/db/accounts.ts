import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { SessionUser } from "../contracts/auth";
import { planOf, userType } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { constantTimeEqual, hmacHex, newId, newToken, randomDigits, sha256Hex } from "../lib/crypto";
import type { Db } from "./client";
import { hit, refund } from "./rate-limits";
import { sessions, users, verificationCodes } from "./schema";

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = "verify_email" | "reset_password";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Wrong codes one account may enter in a day, across all its codes (verification and reset). With a new
 * code a minute and five tries each, a patient attacker could otherwise guess one in weeks; with this
 * cap the odds are 10 in a million a day.
 */
export const CODE_FAILURES_PER_DAY = { limit: 10, windowMs: 24 * 60 * 60_000 };

export const nameKey = (name: string) => name.trim().toLowerCase().split(/\s+/).join(" ");

/** The saved user record (the API's session user), with the plan and status as they stand now. */
export function toSessionUser(row: UserRow): SessionUser {
  const user = effectiveBilling(row);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    plan: planOf(user.plan).id,
    subscription_status: user.subscriptionStatus,
    is_vip: user.isVip,
    type: userType(user.subscriptionStatus),
  };
}

export const findUserByEmail = (db: Db, email: string) =>
  db.query.users.findFirst({ where: eq(users.email, email) });

export const findUsersByName = (db: Db, name: string) =>
  db.query.users.findMany({ where: eq(users.nameKey, nameKey(name)), limit: 10 });

export const findUserByUsername = (db: Db, username: string) =>
  db.query.users.findFirst({ where: eq(users.username, username.trim().toLowerCase()) });

/**
 * `jane.smith`, or `jane.smith2`, `jane.smith3`… when taken. With `spread`, the first free one at a random
 * place among the next `spread` candidates: sign-ups racing for the same name then stop picking the same.
 */
export async function freeUsername(db: Db, name: string, spread = 0): Promise<string> {
  const base =
    nameKey(name)
      .normalize("NFKD")
      .replace(/[^a-z0-9 ]/g, "")
      .trim()
      .split(" ")
      .filter(Boolean)
      .join(".") || "manager";
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${base} OR ${users.username} GLOB ${`${base}[0-9]*`}`);
  const names = new Set(taken.map((row) => row.username));
  const candidate = (n: number) => (n === 1 ? base : `${base}${n}`);
  for (let n = 1 + Math.floor(Math.random() * spread); ; n++) {
    if (!names.has(candidate(n))) return candidate(n);
  }
}

/**
 * Inserts a new, unverified account with a free username; null when the address was taken meanwhile (a
 * sign-up racing this one). A username taken meanwhile is retried with the next free one.
 */
export async function createUnverifiedAccount(
  db: Db,
  account: { name: string; email: string; passwordHash: string },
): Promise<string | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = newId();
    const inserted = await db
      .insert(users)
      .values({
        id,
        name: account.name,
        nameKey: nameKey(account.name),
        email: account.email,
        username: await freeUsername(db, account.name, attempt * 10),
        passwordHash: account.passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length === 1) return id;
    if (await findUserByEmail(db, account.email)) return null;
  }
  throw new Error("No free username after eight tries");
}

// Sessions: the client holds a random 256-bit token; the database holds only its SHA-256.

export async function sessionStatements(db: Db, userId: string, now = Date.now()) {
  const token = newToken();
  const insert = db
    .insert(sessions)
    .values({ tokenHash: await sha256Hex(token), userId, createdAt: now, expiresAt: now + SESSION_TTL_MS });
  return { token, insert };
}

export async function createSession(db: Db, userId: string): Promise<string> {
  const { token, insert } = await sessionStatements(db, userId);
  const now = Date.now();
  // last_sign_in_at is this person's own (the Team screen shows it); last_login_at feeds the platform's counts.
  await db.batch([
    insert,
    db.update(users).set({ lastLoginAt: now, lastSignInAt: now }).where(eq(users.id, userId)),
  ]);
  return token;
}

/** A repeat sign-up for an unverified address: counted, so verification then asks for the password. */
export async function countRepeatSignup(db: Db, userId: string) {
  await db
    .update(users)
    .set({ signupCount: sql`${users.signupCount} + 1` })
    .where(eq(users.id, userId));
}

/** Verifies the address and opens the first session, in one batch; answers the session's token. */
export async function verifyAccount(db: Db, userId: string, passwordHash: string, now = Date.now()) {
  const session = await sessionStatements(db, userId, now);
  await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: now, lastLoginAt: now, lastSignInAt: now, passwordHash, signupCount: 1 })
      .where(eq(users.id, userId)),
    session.insert,
  ]);
  return session.token;
}

/** Sets a new password and ends every session of the person, in one batch; answers the ended sessions' hashes. */
export async function resetPassword(db: Db, user: UserRow, passwordHash: string, now = Date.now()) {
  const [, ended] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ hash: sessions.tokenHash }),
  ]);
  return ended.map((row) => row.hash);
}

/** What the sessions table keys a token by: its SHA-256, never the token itself. */
export const sessionHashOf = (token: string) => sha256Hex(token);

/** The account behind a live session, known by its stored hash (a live ticket carries it). */
export async function userForSessionHash(db: Db, tokenHash: string, now = Date.now()) {
  const row = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .get();
  return row?.user;
}

export async function userForToken(db: Db, token: string, now = Date.now()) {
  return userForSessionHash(db, await sessionHashOf(token), now);
}

export async function revokeSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, await sessionHashOf(token)));
}

// Codes: six CSPRNG digits, stored as an HMAC keyed with the server secret, one live code per purpose.

const codeHash = (secret: string, userId: string, purpose: CodePurpose, code: string) =>
  hmacHex(secret, `code:${purpose}:${userId}:${code}`);

export async function issueCode(
  db: Db,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  now = Date.now(),
) {
  const code = randomDigits(6);
  await db.batch([
    db
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose))),
    db.insert(verificationCodes).values({
      id: newId(),
      userId,
      purpose,
      codeHash: await codeHash(secret, userId, purpose, code),
      expiresAt: now + CODE_TTL_MS,
      createdAt: now,
    }),
  ]);
  return code;
}

export type CodeCheck = "ok" | "invalid" | "too_many_attempts" | { dailyLimit: true; retryAfter: number };

const dailyFailuresKey = (userId: string) => `code-failures:${userId}`;

/**
 * Compares a code with the live one. Every comparison costs one of the code's five tries and one of the
 * account's daily wrong-code budget, both taken atomically before comparing, so parallel guesses cannot
 * share one. A match answers the row's id: what to do with a right code is the caller's.
 */
async function matchCode(
  db: Db,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now: number,
): Promise<Exclude<CodeCheck, "ok"> | { matched: string }> {
  const live = await db.query.verificationCodes.findFirst({
    where: and(
      eq(verificationCodes.userId, userId),
      eq(verificationCodes.purpose, purpose),
      gt(verificationCodes.expiresAt, now),
    ),
    orderBy: desc(verificationCodes.createdAt),
  });
  if (!live) return "invalid";
  const reserved = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, live.id), sql`${verificationCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
    .returning({ id: verificationCodes.id });
  if (reserved.length === 0) return "too_many_attempts";
  const daily = await hit(db, dailyFailuresKey(userId), CODE_FAILURES_PER_DAY, now);
  if (!daily.allowed) return { dailyLimit: true, retryAfter: daily.retryAfter };
  if (!constantTimeEqual(live.codeHash, await codeHash(secret, userId, purpose, code))) return "invalid";
  return { matched: live.id };
}

type CodeUse = (
  db: Db,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
  now?: number,
) => Promise<CodeCheck>;

/** A use of a code: matchCode, then `settle` on a match (false: someone else settled it first), then the daily try given back. */
const codeUse =
  (settle: (db: Db, codeId: string) => Promise<boolean>): CodeUse =>
  async (db, secret, userId, purpose, code, now = Date.now()) => {
    const match = await matchCode(db, secret, userId, purpose, code, now);
    if (typeof match !== "object" || !("matched" in match)) return match;
    if (!(await settle(db, match.matched))) return "invalid";
    await refund(db, dailyFailuresKey(userId));
    return "ok";
  };

/**
 * Consumes the code when it matches: deleting the row is the claim, so two requests racing with the
 * same code cannot both win. A right code gives the daily try back.
 */
export const consumeCode = codeUse(async (db, codeId) => {
  const claimed = await db
    .delete(verificationCodes)
    .where(eq(verificationCodes.id, codeId))
    .returning({ id: verificationCodes.id });
  return claimed.length === 1;
});

/**
 * Checks the code without consuming it (the reset's "Set New Password" step asks first). A wrong code
 * costs what it costs consumeCode, from the same tries and daily budget: asking here gives no extra
 * guesses. A right one gives both tries back, so checking first never uses up the code.
 */
export const checkCode = codeUse(async (db, codeId) => {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`max(${verificationCodes.attempts} - 1, 0)` })
    .where(eq(verificationCodes.id, codeId));
  return true;
});
