import { tooManyRequests } from "./errors";

// Fixed-window rate limits. The counters live in D1 (worker/db/rate-limits.ts); this module decides and
// answers 429 with Retry-After, over the small LimitStore interface so it needs no database of its own.

export type Window = { limit: number; windowMs: number };

export type Budget = { key: string; window: Window };

/** The counter operations countAttempt needs; worker/db/rate-limits.ts's limitStore(db) provides them. */
export type LimitStore = {
  read(key: string): Promise<{ count: number; resetAt: number } | undefined>;
  hit(key: string, window: Window, now: number): Promise<{ allowed: boolean; retryAfter: number }>;
};

export const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/**
 * Counts one attempt against every budget before the work it guards (a password hash, a code check), and
 * throws 429 with the longest Retry-After when any budget is used up. A budget already used up refuses
 * with a read alone, so a guessing storm costs no writes; otherwise each budget is counted in one atomic
 * statement, so a burst of parallel attempts cannot all pass the check before any of them is counted.
 */
export async function countAttempt(
  store: LimitStore,
  budgets: readonly Budget[],
  detail: string,
  now = Date.now(),
) {
  for (const { key, window } of budgets) {
    const row = await store.read(key);
    if (row && row.resetAt > now && row.count >= window.limit)
      throw tooManyRequests(detail, secondsUntil(row.resetAt, now));
  }
  let refused = false;
  let retryAfter = 0;
  for (const { key, window } of budgets) {
    const counted = await store.hit(key, window, now);
    if (!counted.allowed) {
      refused = true;
      retryAfter = Math.max(retryAfter, counted.retryAfter);
    }
  }
  if (refused) throw tooManyRequests(detail, retryAfter);
}
