import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "./errors";

export type Window = { limit: number; windowMs: number };

const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

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

/**
 * Throws 429 with Retry-After when `key` has already used up its window (a read; counts nothing). A cheap
 * first refusal: deciding whether an event may go ahead is hit's job, which counts atomically.
 */
export async function assertUnderLimit(
  db: Db,
  key: string,
  { limit }: Window,
  detail: string,
  now = Date.now(),
) {
  const row = await db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
  if (row && row.resetAt > now && row.count >= limit)
    throw tooManyRequests(detail, secondsUntil(row.resetAt, now));
}

export type Budget = { key: string; window: Window };

/**
 * Counts one attempt against every budget before the work it guards (a password hash, a code check), and
 * throws 429 with the longest Retry-After when any budget is used up. A budget already used up refuses
 * with a read alone, so a guessing storm costs no writes; otherwise each budget is counted in one atomic
 * statement, so a burst of parallel attempts cannot all pass the check before any of them is counted.
 */
export async function countAttempt(db: Db, budgets: readonly Budget[], detail: string, now = Date.now()) {
  for (const { key, window } of budgets) await assertUnderLimit(db, key, window, detail, now);
  let refused = false;
  let retryAfter = 0;
  for (const { key, window } of budgets) {
    const counted = await hit(db, key, window, now);
    if (!counted.allowed) {
      refused = true;
      retryAfter = Math.max(retryAfter, counted.retryAfter);
    }
  }
  if (refused) throw tooManyRequests(detail, retryAfter);
}

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
