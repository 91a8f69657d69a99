import { SOCKET_CLOSE } from "../contracts/socket-close";
import { accountLocationIds, closureStatements } from "../db/account-data";
import type { UserRow } from "../db/accounts";
import { runBatch } from "../db/batch";
import type { Db } from "../db/client";
import { limitStore } from "../db/rate-limits";
import { effectiveBilling, hasLiveSubscription } from "../domain/subscription";
import { disconnectSockets, notifyHub } from "../durable/client";
import { verifyPassword } from "../lib/crypto";
import { ApiError, badRequest, describeError } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";
import { applySubscription } from "./billing/apply";
import { billingFor } from "./billing/index";
import { accountClosedEmail, mailerFor } from "./email";
import { endXeroLinkOf } from "./xero/link";

export const CLOSE_WRONG_PASSWORD = "That password is not right. Your account has not been closed.";
export const CLOSE_THROTTLED = "Too many attempts. Please wait a few minutes and try again.";
export const CLOSE_BILLING_FAILED =
  "We could not cancel your subscription with our payment provider, so nothing has been closed. Please try again in a few minutes.";
/** Wrong passwords a signed-in session may try here: a borrowed laptop cannot guess its way to a closure. */
const CLOSE_ATTEMPTS = { limit: 5, windowMs: 15 * 60_000 };
/** The privacy text's promise: everything of a closed account is deleted this long after it was closed. */
export const CLOSED_ACCOUNT_KEPT_MS = 30 * 24 * 60 * 60_000;
/** A pay period ends at most this long after the last record in it (a month, or four weeks). */
const LONGEST_PAY_PERIOD_MS = 31 * 24 * 60 * 60_000;

/**
 * Until when a closed account's attendance, holiday and pay records are kept: 6 years from the end of the
 * last pay period they belong to (minimum wage records, WTR reg 16B holiday records: docs/compliance.md).
 * No record is later than the closure, so its pay period ends within a month of it.
 */
export function payRecordsKeptUntil(closedAt: number): number {
  const end = new Date(closedAt + LONGEST_PAY_PERIOD_MS);
  end.setUTCFullYear(end.getUTCFullYear() + 6);
  return end.getTime();
}

/**
 * Closes the account (POST /api/user/close-account): the password first, then the subscription cancelled at
 * once (a failure there changes nothing), then in one batch the account marked closed, every session ended,
 * every kiosk device unpaired and every code voided; then every socket at its locations is closed, and
 * last the Xero link is revoked at Xero and forgotten (docs/xero.md). Kiosks
 * stop answering (the kiosk reads require an open account) and sign-in says the account is closed. The
 * data stays, unreadable by anyone, until the daily purge deletes it CLOSED_ACCOUNT_KEPT_MS later.
 */
export async function closeAccount(env: Env, db: Db, user: UserRow, password: string, now = Date.now()) {
  await countAttempt(
    limitStore(db),
    [{ key: `close-account:${user.id}`, window: CLOSE_ATTEMPTS }],
    CLOSE_THROTTLED,
    now,
  );
  if (!(await verifyPassword(password, user.passwordHash))) throw badRequest(CLOSE_WRONG_PASSWORD);

  if (hasLiveSubscription(effectiveBilling(user, now))) {
    const billing = billingFor(env, db);
    let snapshot: Awaited<ReturnType<typeof billing.cancel>>;
    try {
      snapshot = await billing.cancel(user, "now");
    } catch (error) {
      if (error instanceof ApiError) throw error;
      console.error(`[close-account] cancelling the subscription failed: ${describeError(error)}`);
      throw new ApiError(503, CLOSE_BILLING_FAILED);
    }
    await applySubscription(db, user, snapshot, [], now);
  }

  const locationIds = await accountLocationIds(db, user.id);
  await runBatch(db, closureStatements(db, user.id, locationIds, now));
  // Each hub closes its location to kiosks; then every socket ends.
  await Promise.all(locationIds.map((id) => notifyHub(env, id, "site")));
  await disconnectSockets(env, locationIds, { user: user.id }, SOCKET_CLOSE.signedOut);
  await disconnectSockets(env, locationIds, { everyone: true }, SOCKET_CLOSE.locationClosed);
  // The account is closed already: a Xero that cannot be reached only leaves its token to expire there.
  await endXeroLinkOf(env, db, user.id).catch((error) =>
    console.error(`[close-account] ending the Xero link failed: ${describeError(error)}`),
  );
}

/** The manager's record of the closure. The account is closed already: a failure here is only logged. */
export async function confirmClosure(env: Env, db: Db, user: UserRow, closedAt: number) {
  try {
    const message = accountClosedEmail({
      managerName: user.name,
      deletedBy: closedAt + CLOSED_ACCOUNT_KEPT_MS,
      recordsKeptUntil: payRecordsKeptUntil(closedAt),
    });
    await mailerFor(env, db).send({ to: user.email, ...message });
  } catch (error) {
    console.error(`[close-account] the confirmation e-mail failed: ${describeError(error)}`);
  }
}
