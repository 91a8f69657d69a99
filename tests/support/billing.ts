import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { app } from "../../worker/app";
import { getDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import type { ApiResult } from "./api";
import { FAKE_STRIPE_KEY, type StripeRequest } from "./fake-stripe";

// The Worker with Stripe configured, its API pointed at the fake server on 127.0.0.1: the official SDK
// makes real HTTP requests there. (The default test env has no Stripe key: the sandbox.)

export const WEBHOOK_SECRET = "whsec_test_clocked_0123456789abcdef";
const fake = env.FAKE_SERVER_URL;

export const stripeEnv = (): Env => ({
  ...env,
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake,
});

type CallOptions = { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> };

/** Like tests/support/api.ts's client, against the Worker running with `workerEnv`. */
export async function callWith(workerEnv: Env, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": "10.9.9.9", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`http://clocked.test${path}`, { method, headers, body }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : {},
    headers: response.headers,
  } as ApiResult;
}

export const stripeApi = (method: string, path: string, options: CallOptions = {}) =>
  callWith(stripeEnv(), method, path, options);

// Stripe's side, on the fake server.

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${fake}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type FakeSubscription = {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancellation_details: { reason: string | null };
  items: {
    data: { current_period_start: number; current_period_end: number; price: { unit_amount: number } }[];
  };
};

export const fakeStripe = {
  checkoutSession: (id: string) =>
    control<{ session: Record<string, unknown>; params: Record<string, unknown> }>(
      "GET",
      `/__stripe/checkout-sessions/${id}`,
    ),
  /** The customer pays on the Checkout page. */
  completeCheckout: (id: string, status?: string) =>
    control<{ session: Record<string, unknown>; subscription: FakeSubscription }>(
      "POST",
      `/__stripe/checkout-sessions/${id}/complete`,
      status ? { status } : {},
    ),
  /** Sets the subscription as Stripe now has it (creating it when new). */
  setSubscription: (id: string, changes: Record<string, unknown>) =>
    control<FakeSubscription>("PUT", `/__stripe/subscriptions/${id}`, changes),
  requests: (pathContains: string) =>
    control<StripeRequest[]>("GET", `/__stripe/requests?path=${encodeURIComponent(pathContains)}`),
};

// Webhooks, signed as Stripe signs them.

let eventCounter = 0;
export const eventOf = (type: string, object: Record<string, unknown>, id?: string) => ({
  id: id ?? `evt_${Date.now().toString(36)}_${++eventCounter}`,
  object: "event",
  api_version: Stripe.API_VERSION,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

export async function signature(payload: string, timestamp?: number, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

export async function sendWebhook(event: object, options: { timestamp?: number; tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = await signature(payload, options.timestamp);
  const rawBody = options.tamper ? payload.replace('"livemode":false', '"livemode":true') : payload;
  return stripeApi("POST", "/api/billing/webhook", {
    rawBody,
    headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
  });
}

export const accountRow = async (userId: string) => {
  const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.id, userId) });
  if (!row) throw new Error(`no user ${userId}`);
  return row;
};

export const setAccount = (userId: string, changes: Partial<typeof users.$inferInsert>) =>
  getDb(env.DB).update(users).set(changes).where(eq(users.id, userId));

/** A manager who bought `plan` through Stripe Checkout, with the webhook applied. */
export async function subscribedThroughStripe(
  token: string,
  plan: "starter" | "pro" | "business",
  status?: string,
) {
  const change = await stripeApi("POST", "/api/user/subscription/change-plan", {
    token,
    body: { action: "change", new_plan: plan },
  });
  if (change.status !== 200) throw new Error(`change-plan: ${JSON.stringify(change.body)}`);
  const sessionId = String(change.body.url).split("/").pop() ?? "";
  const { session, subscription } = await fakeStripe.completeCheckout(sessionId, status);
  const applied = await sendWebhook(eventOf("checkout.session.completed", session));
  if (applied.status !== 200) throw new Error(`webhook: ${JSON.stringify(applied.body)}`);
  return { sessionId, subscription };
}
