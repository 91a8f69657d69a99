import type Stripe from "stripe";
import type { UserRow } from "../../db/accounts";
import type { Plan } from "../../domain/plans";
import type { SubscriptionSnapshot } from "../../domain/subscription";

// The billing adapter: Stripe in production, the in-app sandbox offline (see ./index.ts).

export type CheckoutRequest = { user: UserRow; plan: Plan; trialDays: number };

export interface BillingProvider {
  readonly mode: "stripe" | "sandbox";
  /** The hosted payment page for a new subscription: one-off fee plus monthly price, in GBP. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** Moves the account's live subscription to another plan, prorated; answers its new state. */
  changePlan(user: UserRow, plan: Plan): Promise<SubscriptionSnapshot>;
  /** Ends the subscription now (a trial: nothing more is charged) or at the end of the paid period. */
  cancel(user: UserRow, when: "now" | "period_end"): Promise<SubscriptionSnapshot>;
  /** Where the manager updates the card and pays what is owed; `null` when there is no such page. */
  portal(user: UserRow): Promise<{ url: string } | null>;
  /** The subscription as the provider has it now: webhooks read this, never the event's copy. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot>;
  /** The event, after checking its signature and age on the raw body; a bad one throws a 400. */
  parseWebhook(rawBody: string, signature: string): Promise<Stripe.Event>;
}

/** Where Stripe (or the sandbox) sends the manager back. Never carries a session token. */
export const returnUrls = (appUrl: string) => ({
  success: `${appUrl.replace(/\/+$/, "")}/manager-dashboard?billing=success`,
  cancelled: `${appUrl.replace(/\/+$/, "")}/manager-dashboard?billing=cancelled`,
  dashboard: `${appUrl.replace(/\/+$/, "")}/manager-dashboard`,
});
