import Stripe from "stripe";
import { z } from "zod";
import type { PlanId } from "../../contracts/auth";
import type { UserRow } from "../../db/accounts";
import { PLANS, type Plan } from "../../domain/plans";
import type { SubscriptionSnapshot } from "../../domain/subscription";
import { badRequest } from "../../lib/errors";
import { type BillingProvider, type CheckoutRequest, returnUrls } from "./provider";

const NOT_AN_EVENT = "The webhook body is not a Stripe event";
/** What the handlers read of every event before looking at its type. */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

type StripeConfig = {
  secretKey: string;
  webhookSecret: string | undefined;
  appUrl: string;
  apiBase?: string;
};

/** The official SDK on fetch; `apiBase` (tests only) points it at a local server speaking Stripe's API. */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  const protocol = base?.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...(base && { host: base.hostname, port: base.port || (protocol === "http" ? 80 : 443), protocol }),
  });
}

const seconds = (value: number | null | undefined) => (value ? value * 1000 : null);
const idOf = (value: string | { id: string } | null) =>
  typeof value === "string" ? value : (value?.id ?? null);

function planOfSubscription(subscription: Stripe.Subscription): PlanId | null {
  const tagged = subscription.metadata?.plan;
  if (tagged && tagged in PLANS) return tagged as PlanId;
  const amount = subscription.items.data[0]?.price.unit_amount;
  return Object.values(PLANS).find((plan) => plan.monthlyPence === amount)?.id ?? null;
}

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.user_id ?? null,
    plan: planOfSubscription(subscription),
    status: subscription.status,
    trialEnd: seconds(subscription.trial_end),
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
  };
}

export class StripeBilling implements BillingProvider {
  readonly mode = "stripe";
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = stripeClient(config.secretKey, config.apiBase);
  }

  async createCheckout({ user, plan, trialDays }: CheckoutRequest) {
    const urls = returnUrls(this.config.appUrl);
    const metadata = { user_id: user.id, plan: plan.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      currency: "gbp",
      client_reference_id: user.id,
      ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : { customer_email: user.email }),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "gbp",
            unit_amount: plan.oneOffPence,
            product_data: { name: `Clocked ${plan.name} — one-off implementation` },
          },
        },
        {
          quantity: 1,
          price_data: {
            currency: "gbp",
            unit_amount: plan.monthlyPence,
            recurring: { interval: "month" },
            product_data: { name: `Clocked ${plan.name} — monthly subscription` },
          },
        },
      ],
      subscription_data: { metadata, ...(trialDays > 0 && { trial_period_days: trialDays }) },
      metadata,
      success_url: urls.success,
      cancel_url: urls.cancelled,
    });
    if (!session.url) throw new Error(`Stripe Checkout session ${session.id} has no URL`);
    return { url: session.url };
  }

  async changePlan(user: UserRow, plan: Plan) {
    const current = await this.stripe.subscriptions.retrieve(this.subscriptionId(user));
    const item = current.items.data[0];
    if (!item) throw new Error(`Subscription ${current.id} has no items`);
    // Inline prices on a subscription need a product id (Checkout's product_data is not accepted here).
    const product = await this.stripe.products.create({
      name: `Clocked ${plan.name} — monthly subscription`,
      metadata: { plan: plan.id },
    });
    const updated = await this.stripe.subscriptions.update(current.id, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: "gbp",
            product: product.id,
            unit_amount: plan.monthlyPence,
            recurring: { interval: "month" },
          },
        },
      ],
      proration_behavior: "create_prorations",
      cancel_at_period_end: false,
      metadata: { user_id: user.id, plan: plan.id },
      // The trial is Pro's: moving to another plan starts paying for it now.
      ...(current.status === "trialing" && { trial_end: "now" as const }),
    });
    return snapshotOf(updated);
  }

  async cancel(user: UserRow, when: "now" | "period_end") {
    const id = this.subscriptionId(user);
    const subscription =
      when === "now"
        ? await this.stripe.subscriptions.cancel(id)
        : await this.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    return snapshotOf(subscription);
  }

  async portal(user: UserRow) {
    if (!user.stripeCustomerId) return null;
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripeCustomerId,
      return_url: returnUrls(this.config.appUrl).dashboard,
    });
    return { url: session.url };
  }

  async retrieveSubscription(id: string) {
    return snapshotOf(await this.stripe.subscriptions.retrieve(id));
  }

  async parseWebhook(rawBody: string, signature: string) {
    if (!this.config.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
    let event: Stripe.Event;
    try {
      // Default tolerance: events signed more than 300 s ago are refused (replays).
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        this.config.webhookSecret,
        undefined,
        Stripe.createSubtleCryptoProvider(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest("Invalid Stripe signature");
      }
      // Correctly signed but not JSON: no retry would change that, so a 400 rather than a 500.
      if (error instanceof SyntaxError) throw badRequest(NOT_AN_EVENT);
      throw error;
    }
    if (!eventShape.safeParse(event).success) throw badRequest(NOT_AN_EVENT);
    return event;
  }

  private subscriptionId(user: UserRow): string {
    if (!user.stripeSubscriptionId) throw badRequest("You have no subscription to change.");
    return user.stripeSubscriptionId;
  }
}
