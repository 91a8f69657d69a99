import type Stripe from "stripe";
import { runBatch, type Statement } from "../../db/batch";
import {
  customerIdStatement,
  findUserById,
  findUserForSubscription,
  isEventProcessed,
  processedEventStatement,
} from "../../db/billing";
import type { Db } from "../../db/client";
import { PLANS } from "../../domain/plans";
import { isUniqueViolation } from "../../lib/d1-errors";
import { describeError } from "../../lib/errors";
import { mailerFor } from "../email";
import { applySubscription, endSocketsIfBlocked } from "./apply";
import type { BillingProvider } from "./provider";

// Stripe webhooks. Each event is applied once: its id is inserted in the same D1 batch as its effect.
// Events may repeat and arrive in any order, so none is trusted for state: the subscription is read
// from Stripe as it is now, and the state machine (domain/subscription.ts) decides.

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.mode === "subscription" ? idOf(event.data.object.subscription) : null;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.trial_will_end":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return null;
  }
}

export async function handleStripeEvent(
  env: Env,
  db: Db,
  billing: BillingProvider,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  // Cheap check first (no call to Stripe for a repeat); the batch's insert is what guarantees it.
  if (await isEventProcessed(db, event.id)) return "duplicate";
  const marker = processedEventStatement(db, event.id, event.type);
  try {
    const subscriptionId = subscriptionIdOf(event);
    if (!subscriptionId) {
      await recordCheckoutCustomer(db, event, marker);
      return "ignored";
    }
    const snapshot = await billing.retrieveSubscription(subscriptionId);
    const user = await findUserForSubscription(db, snapshot);
    if (!user) {
      console.warn(`Stripe ${event.type} ${event.id}: no account for subscription ${subscriptionId}`);
      await runBatch(db, [marker]);
      return "ignored";
    }
    const updated = await applySubscription(db, user, snapshot, [marker]);
    await endSocketsIfBlocked(env, db, user, updated);
    if (event.type === "customer.subscription.trial_will_end" && updated.subscriptionStatus === "trialing") {
      await sendTrialEnding(env, db, updated.email, updated.plan, updated.trialEndsAt);
    }
    return "applied";
  } catch (error) {
    // Another delivery of the same event got there first: its effect is already in place.
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/** A checkout for something other than a subscription: only the customer id is worth keeping. */
async function recordCheckoutCustomer(db: Db, event: Stripe.Event, marker: Statement) {
  const statements: Statement[] = [marker];
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    const customerId = idOf(session.customer);
    const user = session.client_reference_id
      ? await findUserById(db, session.client_reference_id)
      : undefined;
    if (user && customerId && !user.stripeCustomerId)
      statements.push(customerIdStatement(db, user.id, customerId));
  }
  await runBatch(db, statements);
}

/**
 * After the event is recorded, so a retry never sends it twice; a failure to send is logged, not retried
 * (Stripe also e-mails the customer when its own reminders are switched on).
 */
async function sendTrialEnding(env: Env, db: Db, to: string, planId: string, trialEndsAt: number | null) {
  const plan = PLANS[planId as keyof typeof PLANS] ?? PLANS.pro;
  const when = trialEndsAt
    ? new Date(trialEndsAt).toLocaleString("en-GB", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Europe/London",
      })
    : "soon";
  try {
    await mailerFor(env, db).send({
      to,
      subject: `Your Clocked ${plan.name} trial ends soon`,
      text: `Your Clocked ${plan.name} trial ends on ${when}. Your subscription then continues at £${plan.monthlyPence / 100} a month. To stop it, cancel from Manage Subscription in your dashboard before then.`,
    });
  } catch (error) {
    console.error(`Trial-ending e-mail not sent: ${describeError(error)}`);
  }
}
