import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { employees, locations, staffPasskeyChallenges, staffPasskeys, users } from "./schema";
import { mayUseStaffApp } from "./staff-sessions";

// Staff passkeys and their one-use challenges (docs/staff-app.md, "Signing in").

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Enough for a phone, a tablet and a spare; more is a sign something is adding them in a loop. */
export const MAX_PASSKEYS_PER_EMPLOYEE = 10;

export type PasskeyPurpose = "register" | "sign-in";
export type StaffPasskeyRow = typeof staffPasskeys.$inferSelect;

export async function saveChallenge(
  db: Db,
  challenge: string,
  purpose: PasskeyPurpose,
  employeeId: string | null,
  now = Date.now(),
) {
  await db
    .insert(staffPasskeyChallenges)
    .values({ challenge, purpose, employeeId, expiresAt: now + PASSKEY_CHALLENGE_TTL_MS, createdAt: now });
}

/**
 * Claims a live challenge by deleting it: two racing answers (or a replayed one) cannot both use it. A
 * registration challenge belongs to the employee it was made for; a sign-in one to nobody yet.
 */
export async function claimChallenge(
  db: Db,
  challenge: string,
  purpose: PasskeyPurpose,
  employeeId: string | null,
  now = Date.now(),
) {
  const owner =
    employeeId === null
      ? isNull(staffPasskeyChallenges.employeeId)
      : eq(staffPasskeyChallenges.employeeId, employeeId);
  const claimed = await db
    .delete(staffPasskeyChallenges)
    .where(
      and(
        eq(staffPasskeyChallenges.challenge, challenge),
        eq(staffPasskeyChallenges.purpose, purpose),
        gt(staffPasskeyChallenges.expiresAt, now),
        owner,
      ),
    )
    .returning({ challenge: staffPasskeyChallenges.challenge });
  return claimed.length > 0;
}

export const passkeysOf = (db: Db, employeeId: string) =>
  db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.employeeId, employeeId))
    .orderBy(desc(staffPasskeys.createdAt), staffPasskeys.id);

export type NewPasskey = {
  credentialId: string;
  employeeId: string;
  publicKey: string;
  counter: number;
  transports: string[];
};

/** Stores a passkey; false if that credential is already someone's (a phone cannot make the same one twice). */
export async function savePasskey(db: Db, passkey: NewPasskey, now = Date.now()) {
  const saved = await db
    .insert(staffPasskeys)
    .values({ ...passkey, id: newId(), transports: JSON.stringify(passkey.transports), createdAt: now })
    .onConflictDoNothing({ target: staffPasskeys.credentialId })
    .returning();
  return saved[0] ?? null;
}

/** The passkey a sign-in names, with its owner only while they may still use the staff app. */
export async function passkeyForSignIn(db: Db, credentialId: string) {
  const row = await db
    .select({ passkey: staffPasskeys })
    .from(staffPasskeys)
    .innerJoin(employees, eq(employees.id, staffPasskeys.employeeId))
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .innerJoin(users, eq(users.id, locations.userId))
    .where(and(eq(staffPasskeys.credentialId, credentialId), mayUseStaffApp))
    .get();
  return row?.passkey ?? null;
}

/**
 * Records a sign-in: the new counter, only if no other sign-in moved it first (a cloned authenticator or a
 * race is refused rather than letting both through).
 */
export async function markPasskeyUsed(db: Db, passkey: StaffPasskeyRow, counter: number, now = Date.now()) {
  const updated = await db
    .update(staffPasskeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(staffPasskeys.id, passkey.id), eq(staffPasskeys.counter, passkey.counter)))
    .returning({ id: staffPasskeys.id });
  return updated.length > 0;
}

/** Removes one of the employee's passkeys; false if it is not theirs. */
export async function removePasskey(db: Db, employeeId: string, passkeyId: string) {
  const removed = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.employeeId, employeeId)))
    .returning({ id: staffPasskeys.id });
  return removed.length > 0;
}

/** Every passkey of these employees (their e-mail address removed or changed: someone else's phone now). */
export const deleteStaffPasskeys = (db: Db, employeeIds: readonly string[]) =>
  db.delete(staffPasskeys).where(sql`${staffPasskeys.employeeId} IN ${idsIn(employeeIds)}`);
