import { and, eq, gt, lt } from "drizzle-orm";
import { newToken, sha256Hex } from "../lib/crypto";
import type { Db } from "./client";
import { superAdminSessions } from "./schema";

// The console's sessions: like manager sessions (the database keeps only the token's SHA-256), in a table
// of their own, and shorter: 12 hours, one working day.

export const SUPER_ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export async function createSuperAdminSession(db: Db, username: string, now = Date.now()) {
  const token = newToken();
  await db.batch([
    // Expired sessions are swept whenever a new one opens: the table stays a handful of rows.
    db.delete(superAdminSessions).where(lt(superAdminSessions.expiresAt, now)),
    db.insert(superAdminSessions).values({
      tokenHash: await sha256Hex(token),
      username,
      createdAt: now,
      expiresAt: now + SUPER_ADMIN_SESSION_TTL_MS,
    }),
  ]);
  return token;
}

export async function superAdminForToken(db: Db, token: string, now = Date.now()) {
  return db
    .select({ username: superAdminSessions.username })
    .from(superAdminSessions)
    .where(
      and(eq(superAdminSessions.tokenHash, await sha256Hex(token)), gt(superAdminSessions.expiresAt, now)),
    )
    .get();
}

export async function revokeSuperAdminSession(db: Db, token: string) {
  await db.delete(superAdminSessions).where(eq(superAdminSessions.tokenHash, await sha256Hex(token)));
}
