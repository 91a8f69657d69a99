import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { constantTimeEqual, hmacHex, newToken, randomDigits, sha256Hex } from "../lib/crypto";
import { CODE_FAILURES_PER_DAY } from "./accounts";
import type { Db } from "./client";
import { hit, refund } from "./rate-limits";
import { employees, locations, staffSessions, staffSignInCodes, users } from "./schema";

// Staff sessions and sign-in codes (docs/staff-app.md). A session opens /api/staff/* only, and only while its
// employee may sign in: not archived, not deactivated, with an e-mail address, at a live location of an open
// account. Changing any of those ends the sessions at once (db/staff-app-ends.ts), and the guard checks them again
// on every call, so a missed end still shuts the door.

export const STAFF_SESSION_TTL_MS = 60 * 24 * 60 * 60 * 1000;
export const STAFF_CODE_TTL_MS = 10 * 60 * 1000;
export const STAFF_CODE_MAX_ATTEMPTS = 5;
/** Wrong codes per address per day: the same budget as managers' codes. */
export const STAFF_CODE_FAILURES_PER_DAY = CODE_FAILURES_PER_DAY;

/** The signed-in staff member, as the guard finds them (worker/middleware/staff-session.ts). */
export type SignedInStaff = {
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  location: { id: string; name: string; timezone: string };
  /** The owner's user id: every account-scoped read goes by it. */
  accountId: string;
  plan: string;
  tokenHash: string;
};

/** Who may hold a staff session, as SQL over employees ⋈ locations ⋈ users. */
export const mayUseStaffApp = and(
  isNull(employees.deletedAt),
  eq(employees.active, true),
  isNotNull(employees.email),
  isNull(locations.deletedAt),
  isNull(users.closedAt),
);

/** Employees an e-mail address signs in as, newest first: an address is unique within an account. */
export async function staffByEmail(db: Db, email: string) {
  return db
    .select({ id: employees.id, firstName: employees.firstName })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .innerJoin(users, eq(users.id, locations.userId))
    .where(and(eq(employees.email, email), mayUseStaffApp))
    .orderBy(desc(employees.createdAt));
}

export async function createStaffSession(db: Db, employeeId: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: await sha256Hex(token),
    employeeId,
    createdAt: now,
    expiresAt: now + STAFF_SESSION_TTL_MS,
  });
  return token;
}

export async function staffForToken(db: Db, token: string, now = Date.now()): Promise<SignedInStaff | null> {
  const tokenHash = await sha256Hex(token);
  const row = await db
    .select({
      employeeId: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      email: employees.email,
      locationId: locations.id,
      locationName: locations.name,
      timezone: locations.timezone,
      accountId: users.id,
      plan: users.plan,
    })
    .from(staffSessions)
    .innerJoin(employees, eq(employees.id, staffSessions.employeeId))
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .innerJoin(users, eq(users.id, locations.userId))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now), mayUseStaffApp))
    .get();
  if (!row?.email) return null;
  return {
    employeeId: row.employeeId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    location: { id: row.locationId, name: row.locationName, timezone: row.timezone },
    accountId: row.accountId,
    plan: row.plan,
    tokenHash,
  };
}

export const revokeStaffSession = (db: Db, tokenHash: string) =>
  db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));

// Sign-in codes: six CSPRNG digits per address, one live at a time.

const codeHash = (secret: string, email: string, code: string) =>
  hmacHex(secret, `staff-code:${email}:${code}`);

export async function issueStaffCode(db: Db, secret: string, email: string, now = Date.now()) {
  const code = randomDigits(6);
  const values = {
    codeHash: await codeHash(secret, email, code),
    attempts: 0,
    expiresAt: now + STAFF_CODE_TTL_MS,
    createdAt: now,
  };
  await db
    .insert(staffSignInCodes)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: staffSignInCodes.email, set: values });
  return code;
}

export type StaffCodeCheck = "ok" | "invalid" | "too_many_attempts" | { retryAfter: number };

const dailyKey = (email: string) => `staff-code-failures:${email}`;

/**
 * Uses the address's code: each try is counted atomically before comparing (five per code, and the address's
 * daily budget), and a right code is claimed by deleting it, so two racing requests cannot both sign in.
 */
export async function useStaffCode(
  db: Db,
  secret: string,
  email: string,
  code: string,
  now = Date.now(),
): Promise<StaffCodeCheck> {
  const [reserved] = await db
    .update(staffSignInCodes)
    .set({ attempts: sql`${staffSignInCodes.attempts} + 1` })
    .where(and(eq(staffSignInCodes.email, email), gt(staffSignInCodes.expiresAt, now)))
    .returning();
  if (!reserved) return "invalid";
  if (reserved.attempts > STAFF_CODE_MAX_ATTEMPTS) return "too_many_attempts";
  const daily = await hit(db, dailyKey(email), STAFF_CODE_FAILURES_PER_DAY, now);
  if (!daily.allowed) return { retryAfter: daily.retryAfter };
  if (!constantTimeEqual(reserved.codeHash, await codeHash(secret, email, code))) return "invalid";
  const claimed = await db
    .delete(staffSignInCodes)
    .where(and(eq(staffSignInCodes.email, email), eq(staffSignInCodes.codeHash, reserved.codeHash)))
    .returning({ email: staffSignInCodes.email });
  if (claimed.length === 0) return "invalid";
  await refund(db, dailyKey(email));
  return "ok";
}
