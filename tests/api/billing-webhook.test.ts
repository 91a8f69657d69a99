import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { processedStripeEvents } from "../../worker/db/schema";
import { DAY_MS } from "../../worker/domain/subscription";
import { api, createManager, outboxCount } from "../support/api";
import {
  accountRow,
  eventOf,
  fakeStripe,
  sendWebhook,
  setAccount,
  signature,
  stripeApi,
  subscribedThroughStripe,
} from "../support/billing";

const login = (email: string, password: string) =>
  api("POST", "/api/auth/login", { body: { email_or_name: email, password } });

const processed = async (id: string) =>
  getDb(env.DB).select().from(processedStripeEvents).where(eq(processedStripeEvents.id, id));

/** A manager with a Checkout session paid on Stripe's side but no webhook delivered yet. */
async function paidCheckout(plan: "starter" | "pro" | "business") {
  const manager = await createManager();
  const change = await stripeApi("POST", "/api/user/subscription/change-plan", {
    token: manager.token,
    body: { action: "change", new_plan: plan },
  });
  const paid = await fakeStripe.completeCheckout(String(change.body.url).split("/").pop() ?? "");
  return { manager, ...paid };
}

describe("the Stripe webhook's signature", () => {
  it("applies a correctly signed event once, even when Stripe sends it twice", async () => {
    const { manager, session } = await paidCheckout("business");
    const event = eventOf("checkout.session.completed", session);
    const first = await sendWebhook(event);
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await accountRow(manager.id)).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      stripeSubscriptionId: session.subscription,
      stripeCustomerId: session.customer,
    });
    const again = await sendWebhook(event);
    expect(again).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    expect(await processed(event.id)).toHaveLength(1);
  });

  it("applies an event once when two copies arrive at the same moment", async () => {
    const { manager, subscription } = await paidCheckout("pro");
    const event = eventOf("customer.subscription.created", subscription);
    const answers = await Promise.all([sendWebhook(event), sendWebhook(event), sendWebhook(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === "applied")).toHaveLength(1);
    expect(await accountRow(manager.id)).toMatchObject({ plan: "pro", subscriptionStatus: "trialing" });
  });

  it("refuses a tampered body, a stale signature, another secret and no signature with a 400", async () => {
    const { manager, session } = await paidCheckout("business");
    const event = eventOf("checkout.session.completed", session);
    const tampered = await sendWebhook(event, { tamper: true });
    expect(tampered).toMatchObject({ status: 400, body: { detail: "Invalid Stripe signature" } });
    const stale = await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale).toMatchObject({ status: 400, body: { detail: "Invalid Stripe signature" } });

    const payload = JSON.stringify(event);
    const wrongSecret = await stripeApi("POST", "/api/billing/webhook", {
      rawBody: payload,
      headers: { "Stripe-Signature": await signature(payload, undefined, "whsec_someone_else") },
    });
    expect(wrongSecret.status).toBe(400);
    const unsigned = await stripeApi("POST", "/api/billing/webhook", { rawBody: payload });
    expect(unsigned).toMatchObject({ status: 400, body: { detail: "Missing Stripe-Signature header" } });

    expect(await accountRow(manager.id)).toMatchObject({ plan: "starter", stripeSubscriptionId: null });
    expect(await processed(event.id)).toHaveLength(0);
    // Still within 300 s: accepted.
    const recent = await sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect(recent.status).toBe(200);
  });

  it("is a plain 404 when Stripe is not configured", async () => {
    const response = await api("POST", "/api/billing/webhook", {
      rawBody: "{}",
      headers: { "Stripe-Signature": "t=1,v1=x" },
    });
    expect(response).toMatchObject({ status: 404, body: { detail: "Not found" } });
  });
});

describe("events in any order", () => {
  it("ends in the subscription's current state when 'updated' arrives before 'created'", async () => {
    const { manager, subscription } = await paidCheckout("pro");
    const created = eventOf("customer.subscription.created", subscription);
    // Before either event is delivered, the customer has moved to Business and the trial has ended.
    await fakeStripe.setSubscription(subscription.id, {
      status: "active",
      metadata: { ...subscription.metadata, plan: "business" },
      unit_amount: 9900,
    });
    const updated = eventOf("customer.subscription.updated", { ...subscription, status: "active" });
    expect((await sendWebhook(updated)).status).toBe(200);
    expect((await sendWebhook(created)).status).toBe(200);
    expect(await accountRow(manager.id)).toMatchObject({
      plan: "business",
      subscriptionStatus: "active",
      stripeSubscriptionId: subscription.id,
    });
  });

  it("ignores an old subscription's end once a newer one is in place", async () => {
    const manager = await createManager();
    const first = await subscribedThroughStripe(manager.token, "starter");
    await fakeStripe.setSubscription(first.subscription.id, { status: "past_due" });
    await sendWebhook(eventOf("invoice.payment_failed", invoiceFor(first.subscription.id)));
    await setAccount(manager.id, { pastDueSince: Date.now() - 8 * DAY_MS });
    const second = await subscribedThroughStripe(manager.token, "pro");
    // The old one was closed to make way for the new checkout; its 'deleted' event arrives last.
    await sendWebhook(eventOf("customer.subscription.deleted", { id: first.subscription.id }));
    expect(await accountRow(manager.id)).toMatchObject({
      stripeSubscriptionId: second.subscription.id,
      subscriptionStatus: "active",
      plan: "pro",
    });
  });
});

const invoiceFor = (subscriptionId: string) => ({
  id: `in_${subscriptionId}`,
  object: "invoice",
  parent: {
    type: "subscription_details",
    subscription_details: { subscription: subscriptionId, metadata: {} },
  },
});

describe("failed payments", () => {
  it("go past due, then suspended after the 7-day grace period, when login asks for a subscription", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "business");
    await fakeStripe.setSubscription(subscription.id, { status: "past_due" });
    const failed = await sendWebhook(eventOf("invoice.payment_failed", invoiceFor(subscription.id)));
    expect(failed.status).toBe(200);
    const row = await accountRow(manager.id);
    expect(row.subscriptionStatus).toBe("past_due");
    expect(row.pastDueSince).toBeGreaterThan(Date.now() - 60_000);

    const inGrace = await login(manager.email, manager.password);
    expect(inGrace.body).toMatchObject({
      subscription_required: false,
      user: { subscription_status: "past_due" },
    });

    await setAccount(manager.id, { pastDueSince: Date.now() - 7 * DAY_MS - 1000 });
    const suspended = await login(manager.email, manager.password);
    expect(suspended.body).toMatchObject({
      subscription_required: true,
      user: { subscription_status: "suspended", plan: "business" },
    });
    // The dashboard's own calls are refused too; plan and billing calls are not.
    const token = String(suspended.body.session_id);
    expect(await api("GET", "/api/manager/locations", { token })).toMatchObject({
      status: 402,
      body: { detail: "Your subscription needs attention. Please choose a plan to continue." },
    });
    expect((await api("GET", "/api/user/subscription-status", { token })).status).toBe(200);

    // Paying the invoice brings the account back.
    await fakeStripe.setSubscription(subscription.id, { status: "active" });
    await sendWebhook(eventOf("invoice.paid", invoiceFor(subscription.id)));
    expect(await accountRow(manager.id)).toMatchObject({ subscriptionStatus: "active", pastDueSince: null });
    expect((await login(manager.email, manager.password)).body.subscription_required).toBe(false);
  });

  it("suspend the account at once when Stripe gives up (unpaid)", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "starter");
    await fakeStripe.setSubscription(subscription.id, { status: "unpaid" });
    await sendWebhook(eventOf("customer.subscription.updated", { id: subscription.id }));
    expect((await login(manager.email, manager.password)).body.subscription_required).toBe(true);
  });

  it("right after the trial mean the trial ended without payment: login asks for a subscription", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "pro");
    const trialEnd = Math.floor(Date.now() / 1000) - 3600;
    await fakeStripe.setSubscription(subscription.id, {
      status: "past_due",
      trial_end: trialEnd,
      current_period_start: trialEnd,
      current_period_end: trialEnd + 30 * 86_400,
    });
    await sendWebhook(eventOf("invoice.payment_failed", invoiceFor(subscription.id)));
    const answer = await login(manager.email, manager.password);
    expect(answer.body).toMatchObject({
      subscription_required: true,
      user: { subscription_status: "trial_expired" },
    });
    const status = await api("GET", "/api/user/subscription-status", {
      token: String(answer.body.session_id),
    });
    expect(status.body).toMatchObject({ trial_expired: true, is_trial: false });
  });
});

describe("other events", () => {
  it("e-mails once when the trial is about to end, however often the event comes", async () => {
    const { manager, subscription } = await paidCheckout("pro");
    const event = eventOf("customer.subscription.trial_will_end", subscription);
    await sendWebhook(event);
    await sendWebhook(event);
    expect(await outboxCount(manager.email)).toBe(1);
    const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(manager.email)}`);
    const [message] = body.messages as { subject: string; body: string }[];
    expect(message?.subject).toBe("Your Clocked Pro trial ends soon");
    expect(message?.body).toContain("£39 a month");
  });

  it("records events it does not act on, and answers 200", async () => {
    const event = eventOf("charge.succeeded", { id: "ch_1", object: "charge" });
    expect(await sendWebhook(event)).toMatchObject({ status: 200, body: { outcome: "ignored" } });
    expect(await processed(event.id)).toHaveLength(1);
  });

  it("answers 500 when it cannot apply an event, so Stripe retries, and applies the retry once", async () => {
    const manager = await createManager();
    const subscriptionId = `sub_later_${manager.id.slice(0, 6)}`;
    const event = eventOf("customer.subscription.updated", { id: subscriptionId });
    // Stripe's API does not answer for this subscription yet: the handler fails.
    const failed = await sendWebhook(event);
    expect(failed.status).toBe(500);
    expect(await processed(event.id)).toHaveLength(0);

    await fakeStripe.setSubscription(subscriptionId, {
      status: "active",
      metadata: { user_id: manager.id, plan: "pro" },
      unit_amount: 3900,
    });
    expect((await sendWebhook(event)).body.outcome).toBe("applied");
    expect((await sendWebhook(event)).body.outcome).toBe("duplicate");
    expect(await accountRow(manager.id)).toMatchObject({ plan: "pro", subscriptionStatus: "active" });
    expect(await processed(event.id)).toHaveLength(1);
  });
});
