import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createManager } from "../support/api";
import { accountRow, callWith, stripeApi } from "../support/billing";

// The offline default (no STRIPE_SECRET_KEY, development): the in-app billing sandbox.

const changePlan = (token: string, new_plan: string) =>
  api("POST", "/api/user/subscription/change-plan", { token, body: { action: "change", new_plan } });

async function sandboxCheckout(token: string, plan: string) {
  const response = await changePlan(token, plan);
  expect(response.status).toBe(200);
  const url = String(response.body.url);
  expect(url).toMatch(/^\/billing\/sandbox\?checkout=[A-Za-z0-9_-]{22}$/);
  return url.split("=")[1] ?? "";
}

const complete = (token: string, checkout_id: string) =>
  api("POST", "/api/billing/sandbox/complete", { token, body: { checkout_id } });

describe("the billing sandbox", () => {
  it("shows the plan's price and trial, and completing it starts the Pro trial", async () => {
    const manager = await createManager();
    const id = await sandboxCheckout(manager.token, "pro");
    const shown = await api("GET", `/api/billing/sandbox/checkouts/${id}`, { token: manager.token });
    expect(shown.body).toEqual({
      checkout: {
        id,
        plan: "pro",
        plan_name: "Pro",
        one_off_pence: 24900,
        monthly_pence: 3900,
        trial_days: 3,
        status: "open",
      },
    });
    const done = await complete(manager.token, id);
    expect(done).toMatchObject({
      status: 200,
      body: {
        message: "Your 3-day Pro trial has started.",
        user: { plan: "pro", subscription_status: "trialing" },
      },
    });
    const status = await api("GET", "/api/user/subscription-status", { token: manager.token });
    expect(status.body).toMatchObject({
      plan: "pro",
      is_trial: true,
      trial_days_remaining: 3,
      can_cancel: true,
    });
    const info = await api("GET", "/api/user/plan-info", { token: manager.token });
    expect(info.body).toMatchObject({
      plan: "pro",
      limits: { can_upload_logo: true, has_ai_assistant: true },
    });
  });

  it("completes a checkout once, and only for the account that opened it", async () => {
    const owner = await createManager();
    const other = await createManager();
    const id = await sandboxCheckout(owner.token, "business");
    expect(await complete(other.token, id)).toMatchObject({
      status: 404,
      body: { detail: "Checkout not found" },
    });
    expect((await api("GET", `/api/billing/sandbox/checkouts/${id}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await complete(owner.token, id)).status).toBe(200);
    expect(await complete(owner.token, id)).toMatchObject({
      status: 400,
      body: { detail: "This checkout has already been completed." },
    });
    expect(await accountRow(owner.id)).toMatchObject({ plan: "business", subscriptionStatus: "active" });
    expect(await accountRow(other.id)).toMatchObject({ plan: "starter" });
  });

  it("applies one of two simultaneous completions", async () => {
    const manager = await createManager();
    const id = await sandboxCheckout(manager.token, "business");
    const answers = await Promise.all([complete(manager.token, id), complete(manager.token, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("leaves the plan alone when the manager cancels on the payment page", async () => {
    const manager = await createManager();
    const id = await sandboxCheckout(manager.token, "pro");
    const cancelled = await api("POST", "/api/billing/sandbox/cancel", {
      token: manager.token,
      body: { checkout_id: id },
    });
    expect(cancelled).toMatchObject({
      status: 200,
      body: { message: "Payment cancelled. Your plan has not changed." },
    });
    expect((await complete(manager.token, id)).status).toBe(400);
    expect(await accountRow(manager.id)).toMatchObject({ plan: "starter", stripeSubscriptionId: null });
  });

  it("changes and cancels a sandbox subscription through the same state machine", async () => {
    const manager = await createManager();
    await complete(manager.token, await sandboxCheckout(manager.token, "starter"));
    const upgraded = await changePlan(manager.token, "business");
    expect(upgraded.body).toMatchObject({
      url: null,
      message: expect.stringContaining("Your plan is now Business."),
    });
    const cancelled = await api("POST", "/api/user/subscription/cancel", { token: manager.token });
    expect(cancelled.body.message).toMatch(/^Your Business plan stays active until/);
    expect(await accountRow(manager.id)).toMatchObject({ plan: "business", cancelAtPeriodEnd: true });
  });

  it("cancelling a sandbox trial returns the account to Starter, and the trial is not offered again", async () => {
    const manager = await createManager();
    await complete(manager.token, await sandboxCheckout(manager.token, "pro"));
    await api("POST", "/api/user/subscription/cancel", { token: manager.token });
    expect(await accountRow(manager.id)).toMatchObject({ plan: "starter", subscriptionStatus: "active" });
    const again = await sandboxCheckout(manager.token, "pro");
    const shown = await api("GET", `/api/billing/sandbox/checkouts/${again}`, { token: manager.token });
    expect(shown.body).toMatchObject({ checkout: { trial_days: 0 } });
  });

  it("refuses a malformed checkout id with a 400 and requires a session", async () => {
    const manager = await createManager();
    expect(await complete(manager.token, "../etc")).toMatchObject({
      status: 400,
      body: { detail: "checkout_id is not valid" },
    });
    expect(
      (await api("POST", "/api/billing/sandbox/complete", { body: { checkout_id: "x".repeat(22) } })).status,
    ).toBe(401);
  });
});

describe("the sandbox is unreachable where it must be", () => {
  const paths = [
    ["GET", "/api/billing/sandbox/checkouts/abcdefghijklmnopqrstuv"],
    ["POST", "/api/billing/sandbox/complete"],
    ["POST", "/api/billing/sandbox/cancel"],
    ["GET", "/api/billing/sandbox/anything"],
  ] as const;

  it("answers 404 on every sandbox path once Stripe is configured, signed in or not", async () => {
    const manager = await createManager();
    const id = await sandboxCheckout(manager.token, "pro");
    for (const [method, path] of paths) {
      for (const token of [manager.token, undefined]) {
        const response = await stripeApi(method, path, {
          token,
          body: method === "POST" ? { checkout_id: id } : undefined,
        });
        expect(response, `${method} ${path}`).toMatchObject({ status: 404, body: { detail: "Not found" } });
      }
    }
    expect(await accountRow(manager.id)).toMatchObject({ plan: "starter" });
  });

  it("answers 404 outside development even without Stripe, where change-plan says payment is unavailable", async () => {
    const production: Env = { ...env, ENVIRONMENT: "production", STRIPE_SECRET_KEY: undefined };
    const manager = await createManager();
    for (const [method, path] of paths) {
      expect((await callWith(production, method, path, { token: manager.token })).status).toBe(404);
    }
    const change = await callWith(production, "POST", "/api/user/subscription/change-plan", {
      token: manager.token,
      body: { action: "change", new_plan: "pro" },
    });
    expect(change).toMatchObject({
      status: 503,
      body: { detail: "Online payment is not available yet. Please try again later." },
    });
  });
});
