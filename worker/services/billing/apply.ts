import { SOCKET_CLOSE } from "../../contracts/socket-close";
import type { UserRow } from "../../db/accounts";
import { runBatch, type Statement } from "../../db/batch";
import { billingStateStatement } from "../../db/billing";
import type { Db } from "../../db/client";
import { subscriptionRequired } from "../../domain/plans";
import { effectiveBilling, nextBillingState, type SubscriptionSnapshot } from "../../domain/subscription";
import { disconnectAccount } from "../location-hubs";

/**
 * The one way an account's subscription changes: Stripe webhooks, the sandbox's checkout and the
 * change-plan and cancel routes all end here. `alongside` runs in the same D1 batch (one transaction),
 * so a processed-event marker and the effect it records are written together or not at all.
 */
export async function applySubscription(
  db: Db,
  user: UserRow,
  snapshot: SubscriptionSnapshot,
  alongside: Statement[] = [],
  now = Date.now(),
): Promise<UserRow> {
  // What the account means now (a grace period over, a trial converted), tied to the subscription it has.
  const current = { ...effectiveBilling(user, now), stripeSubscriptionId: user.stripeSubscriptionId };
  const state = nextBillingState(current, snapshot, now);
  const statements = state
    ? [billingStateStatement(db, user, state, snapshot.customerId), ...alongside]
    : alongside;
  if (statements.length > 0) await runBatch(db, statements);
  return state ? { ...user, ...state, stripeCustomerId: snapshot.customerId ?? user.stripeCustomerId } : user;
}

/** An account that has just become one that must pay first (402) stops receiving live data at once. */
export async function endSocketsIfBlocked(env: Env, db: Db, before: UserRow, after: UserRow) {
  const blocked = (user: UserRow) => subscriptionRequired(effectiveBilling(user).subscriptionStatus);
  if (blocked(after) && !blocked(before)) {
    await disconnectAccount(env, db, after.id, { user: after.id }, SOCKET_CLOSE.subscription);
  }
}
