import { sql } from "drizzle-orm";
import { type LimitStore, secondsUntil, type Window } from "../lib/rate-limit";
import type { Db } from "./client";
import { rateLimits } from "./schema";

/** Counts one event against `key` in a fixed window; answers whether it was still within the limit. */
export async function hit(db: Db, key: string, { limit, windowMs }: Window, now = Date.now()) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: now + windowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${now + windowMs} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning();
  const count = row?.count ?? 1;
  const resetAt = row?.resetAt ?? now + windowMs;
  return { allowed: count <= limit, retryAfter: secondsUntil(resetAt, now) };
}

/** `key`'s current window as stored (a read; counts nothing). */
export async function readLimit(db: Db, key: string) {
  const row = await db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
  return row && { count: row.count, resetAt: row.resetAt };
}

/** The limiter's view of D1, for lib/rate-limit.ts's countAttempt. */
export const limitStore = (db: Db): LimitStore => ({
  read: (key) => readLimit(db, key),
  hit: (key, window, now) => hit(db, key, window, now),
});

/**
 * Records that `key` (a one-time code's time step, say) has been used, until `expiresAt`; false when it
 * already was. One statement, so of two parallel uses exactly one succeeds.
 */
export async function claimOnce(db: Db, key: string, expiresAt: number, now = Date.now()) {
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 1, resetAt: expiresAt },
      // A row that has expired but not yet been pruned no longer counts as a use.
      setWhere: sql`${rateLimits.resetAt} <= ${now}`,
    })
    .returning({ key: rateLimits.key });
  return rows.length === 1;
}

/** Takes back one event counted against `key` (an attempt that turned out not to be a failure). */
export async function refund(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clearLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
