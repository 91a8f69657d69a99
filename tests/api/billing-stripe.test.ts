import { describe, expect, it } from "vitest";
import { createManager } from "../support/api";
import {
  accountRow,
  eventOf,
  fakeStripe,
  sendWebhook,
  stripeApi,
  subscribedThroughStripe,
} from "../support/billing";

// The Stripe adapter through the official SDK, against the fake Stripe API on 127.0.0.1.

const changePlan = (token: string, new_plan: string) =>
  stripeApi("POST", "/api/user/subscription/change-plan", { token, body: { action: "change", new_plan } });

type LineItem = {
  quantity: string;
  price_data: {
    currency: string;
    unit_amount: string;
    recurring?: { interval: string };
    product_data: { name: string };
  };
};

async function checkoutFor(token: string, plan: string) {
  const response = await changePlan(token, plan);
  expect(response.status).toBe(200);
  const url = String(response.body.url);
  expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  return { response, ...(await fakeStripe.checkoutSession(url.split("/").pop() ?? "")) };
}

describe("change-plan with Stripe configured", () => {
  it("creates a GBP Checkout session: the one-off fee plus the monthly price, with a 3-day trial on Pro", async () => {
    const manager = await createManager();
    const { response, params } = await checkoutFor(manager.token, "pro");
    expect(response.body.message).toBe("Start your 3-day Pro trial on the payment page.");
    expect(params).toMatchObject({
      mode: "subscription",
      currency: "gbp",
      client_reference_id: manager.id,
      customer_email: manager.email,
      metadata: { user_id: manager.id, plan: "pro" },
      subscription_data: { trial_period_days: "3", metadata: { user_id: manager.id, plan: "pro" } },
    });
    const items = params.line_items as LineItem[];
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      quantity: "1",
      price_data: {
        currency: "gbp",
        unit_amount: "24900",
        product_data: { name: "Clocked Pro — one-off implementation" },
      },
    });
    expect(items[1]).toEqual({
      quantity: "1",
      price_data: {
        currency: "gbp",
        unit_amount: "3900",
        recurring: { interval: "month" },
        product_data: { name: "Clocked Pro — monthly subscription" },
      },
    });
  });

  it("offers no trial on Starter or Business, with their own amounts", async () => {
    const manager = await createManager();
    for (const [plan, oneOff, monthly] of [
      ["starter", "14900", "1900"],
      ["business", "39900", "9900"],
    ] as const) {
      const { params } = await checkoutFor(manager.token, plan);
      expect((params.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();
      const items = params.line_items as LineItem[];
      expect(items.map((item) => item.price_data.unit_amount)).toEqual([oneOff, monthly]);
      expect(items.every((item) => item.price_data.currency === "gbp")).toBe(true);
    }
  });

  it("sends the manager back to the dashboard with no session token in either address", async () => {
    const manager = await createManager();
    const { params } = await checkoutFor(manager.token, "business");
    expect(params.success_url).toBe("http://localhost:5173/manager-dashboard?billing=success");
    expect(params.cancel_url).toBe("http://localhost:5173/manager-dashboard?billing=cancelled");
    for (const url of [params.success_url, params.cancel_url]) {
      expect(String(url)).not.toContain(manager.token);
      expect(String(url)).not.toMatch(/session|token/i);
    }
  });

  it("offers the Pro trial once: an account that had one pays from the first day", async () => {
    const manager = await createManager();
    await subscribedThroughStripe(manager.token, "pro");
    await stripeApi("POST", "/api/user/subscription/cancel", { token: manager.token });
    const { params } = await checkoutFor(manager.token, "pro");
    expect((params.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();
    expect(params.customer).toMatch(/^cus_/);
  });

  it("refuses a plan that does not exist, and a missing action, with a 400", async () => {
    const manager = await createManager();
    const wrongPlan = await changePlan(manager.token, "platinum");
    expect(wrongPlan).toMatchObject({
      status: 400,
      body: { detail: "new_plan must be one of starter, pro, business" },
    });
    const noAction = await stripeApi("POST", "/api/user/subscription/change-plan", {
      token: manager.token,
      body: { new_plan: "pro" },
    });
    expect(noAction).toMatchObject({ status: 400, body: { detail: "action must be 'change'" } });
  });
});

describe("an existing subscriber", () => {
  it("changes plan at once with prorations, on the same subscription", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "starter");
    const response = await changePlan(manager.token, "business");
    expect(response).toMatchObject({
      status: 200,
      body: {
        url: null,
        message: "Your plan is now Business. The price difference is prorated on your next invoice.",
      },
    });
    const [update] = (await fakeStripe.requests(`/v1/subscriptions/${subscription.id}`)).filter(
      (r) => r.method === "POST",
    );
    expect(update?.params).toMatchObject({
      proration_behavior: "create_prorations",
      cancel_at_period_end: "false",
      metadata: { plan: "business", user_id: manager.id },
      items: [{ id: `si_${subscription.id}`, price_data: { currency: "gbp", unit_amount: "9900" } }],
    });
    expect(await accountRow(manager.id)).toMatchObject({ plan: "business", subscriptionStatus: "active" });
  });

  it("moving off a Pro trial ends the trial", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "pro");
    expect(await accountRow(manager.id)).toMatchObject({ plan: "pro", subscriptionStatus: "trialing" });
    const response = await changePlan(manager.token, "business");
    expect(response.body.message).toContain("Your trial has ended.");
    const [update] = (await fakeStripe.requests(`/v1/subscriptions/${subscription.id}`)).filter(
      (r) => r.method === "POST",
    );
    expect(update?.params.trial_end).toBe("now");
    expect(await accountRow(manager.id)).toMatchObject({ plan: "business", subscriptionStatus: "active" });
  });

  it("is told it already has the plan", async () => {
    const manager = await createManager();
    await subscribedThroughStripe(manager.token, "business");
    expect(await changePlan(manager.token, "business")).toMatchObject({
      status: 400,
      body: { detail: "You are already on the Business plan." },
    });
  });

  it("with a failed payment is sent to the Billing Portal to settle it", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "starter");
    await fakeStripe.setSubscription(subscription.id, { status: "past_due" });
    await sendWebhook(eventOf("customer.subscription.updated", { id: subscription.id }));
    const response = await changePlan(manager.token, "pro");
    expect(response.body).toMatchObject({
      message: "Your last payment failed. Please update your payment details.",
    });
    expect(String(response.body.url)).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
  });
});

describe("cancelling", () => {
  it("ends a Pro trial at once, without charge, and returns the account to Starter", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "pro");
    const response = await stripeApi("POST", "/api/user/subscription/cancel", { token: manager.token });
    expect(response).toMatchObject({
      status: 200,
      body: {
        message:
          "Your Pro trial has been cancelled and you won't be charged for it. Your account is on Starter.",
      },
    });
    const calls = await fakeStripe.requests(`/v1/subscriptions/${subscription.id}`);
    expect(calls.some((r) => r.method === "DELETE")).toBe(true);
    expect(await accountRow(manager.id)).toMatchObject({
      plan: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: null,
    });
  });

  it("keeps a paid plan until the end of the period, then does not renew", async () => {
    const manager = await createManager();
    const { subscription } = await subscribedThroughStripe(manager.token, "business");
    const response = await stripeApi("POST", "/api/user/subscription/cancel", { token: manager.token });
    expect(response.status).toBe(200);
    expect(response.body.message).toMatch(
      /^Your Business plan stays active until \d+ \w+ \d{4} and will not renew\.$/,
    );
    const [update] = (await fakeStripe.requests(`/v1/subscriptions/${subscription.id}`)).filter(
      (r) => r.method === "POST",
    );
    expect(update?.params).toEqual({ cancel_at_period_end: "true" });
    expect(await accountRow(manager.id)).toMatchObject({ plan: "business", cancelAtPeriodEnd: true });

    const status = await stripeApi("GET", "/api/user/subscription-status", { token: manager.token });
    expect(status.body).toMatchObject({ plan: "business", can_cancel: false, cancel_at_period_end: true });
    const again = await stripeApi("POST", "/api/user/subscription/cancel", { token: manager.token });
    expect(again.status).toBe(400);
  });

  it("answers 400 when there is nothing to cancel", async () => {
    const manager = await createManager();
    expect(await stripeApi("POST", "/api/user/subscription/cancel", { token: manager.token })).toMatchObject({
      status: 400,
      body: { detail: "You have no subscription to cancel." },
    });
  });
});
