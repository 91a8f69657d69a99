import type { UserRow } from "../../db/accounts";
import { runBatch, type Statement } from "../../db/batch";
import { billingStateStatement } from "../../db/billing";
import type { Db } from "../../db/client";
import { effectiveBilling, nextBillingState, type SubscriptionSnapshot } from "../../domain/subscription";

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
