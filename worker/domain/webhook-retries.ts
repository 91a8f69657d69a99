// When a failed webhook delivery is tried again (docs/webhooks.md, "Retries"): the schedule Standard Webhooks
// suggests, about a day and a quarter in all, each delay within the 12 hours a queued message may wait.

/** Seconds to wait after the 1st, 2nd… failed attempt; after the last, the delivery has failed. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Attempts in all: the first and one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The wait after `attempts` failed attempts, or null once there are no more tries. */
export const retryDelaySeconds = (attempts: number): number | null =>
  RETRY_DELAYS_SECONDS[attempts - 1] ?? null;

/** An endpoint whose deliveries have failed without a success for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3600_000;

/** A delivery that takes longer than this has failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
