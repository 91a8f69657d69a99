import type { UserRow } from "../../db/accounts";
import { createSandboxCheckout } from "../../db/billing";
import type { Db } from "../../db/client";
import { type Plan, planOf } from "../../domain/plans";
import { DAY_MS, oneMonthAfter, type SubscriptionSnapshot } from "../../domain/subscription";
import { newId } from "../../lib/crypto";
import { badRequest, notFound } from "../../lib/errors";
import type { BillingProvider, CheckoutRequest } from "./provider";

// Offline default (no STRIPE_SECRET_KEY, development only): a checkout page inside the app, clearly
// labelled, where "Complete payment (sandbox)" stands in for a card. Subscriptions live on the account
// row itself; every change still goes through the same state machine as Stripe's webhooks.

/** The subscription a completed sandbox checkout starts. */
export function sandboxSubscription(
  user: UserRow,
  plan: Plan,
  trialDays: number,
  now: number,
): SubscriptionSnapshot {
  const trialEnd = trialDays > 0 ? now + trialDays * DAY_MS : null;
  return {
    id: `sandbox_sub_${newId()}`,
    customerId: user.stripeCustomerId ?? `sandbox_cus_${user.id}`,
    userId: user.id,
    plan: plan.id,
    status: trialEnd ? "trialing" : "active",
    trialEnd,
    currentPeriodStart: now,
    currentPeriodEnd: trialEnd ?? oneMonthAfter(now),
    cancelAtPeriodEnd: false,
    cancellationReason: null,
  };
}

/** The account's own sandbox subscription, as a provider would report it. */
function currentSubscription(user: UserRow): SubscriptionSnapshot {
  if (!user.stripeSubscriptionId) throw badRequest("You have no subscription to change.");
  return {
    id: user.stripeSubscriptionId,
    customerId: user.stripeCustomerId,
    userId: user.id,
    plan: planOf(user.plan).id,
    status: user.subscriptionStatus,
    trialEnd: user.trialEndsAt,
    currentPeriodStart: null,
    currentPeriodEnd: user.currentPeriodEnd,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    cancellationReason: null,
  };
}

export class SandboxBilling implements BillingProvider {
  readonly mode = "sandbox";

  constructor(private readonly db: Db) {}

  async createCheckout({ user, plan, trialDays }: CheckoutRequest) {
    const id = await createSandboxCheckout(this.db, user.id, plan.id, trialDays);
    // Relative: the sandbox page is part of whichever origin the app is served from.
    return { url: `/billing/sandbox?checkout=${id}` };
  }

  async changePlan(user: UserRow, plan: Plan) {
    const now = Date.now();
    const current = currentSubscription(user);
    // As with Stripe: the change applies at once, a trial ends, and a new monthly period starts.
    const restart = current.status === "trialing";
    return {
      ...current,
      plan: plan.id,
      status: restart ? "active" : current.status,
      currentPeriodStart: restart ? now : current.currentPeriodStart,
      currentPeriodEnd: restart ? oneMonthAfter(now) : current.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    };
  }

  async cancel(user: UserRow, when: "now" | "period_end") {
    const current = currentSubscription(user);
    if (when === "period_end") return { ...current, cancelAtPeriodEnd: true };
    return { ...current, status: "canceled", cancellationReason: "cancellation_requested" };
  }

  async portal() {
    return null;
  }

  async retrieveSubscription(): Promise<SubscriptionSnapshot> {
    throw notFound("The billing sandbox has no remote subscriptions");
  }

  async parseWebhook(): Promise<never> {
    throw notFound();
  }
}
