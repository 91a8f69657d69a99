// The parts of Stripe's API the billing adapter uses, on the fake server (tests/support/fake-server.ts):
// form-encoded requests in, Stripe-shaped JSON out, with enough state to follow a subscription's life.
// Tests drive "Stripe's side" (a customer paying, a renewal failing) through the /__stripe/* routes.

export const FAKE_STRIPE_KEY = "sk_test_clocked_fake";

type Obj = Record<string, unknown>;
type Reply = (status: number, payload: unknown) => void;
export type StripeRequest = { method: string; path: string; params: Obj };

type Subscription = {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_reason: string | null;
  current_period_start: number;
  current_period_end: number;
  unit_amount: number;
  product: string;
};

const sessions = new Map<string, { session: Obj; params: Obj }>();
const subscriptions = new Map<string, Subscription>();
const requests: StripeRequest[] = [];
let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 60 * 60;

/** `a[b][0][c]=1` → { a: { b: [{ c: "1" }] } }, as Stripe reads its form bodies. */
export function decodeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? "");
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

function subscriptionObject(s: Subscription): Obj {
  return {
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    metadata: s.metadata,
    trial_end: s.trial_end,
    cancel_at_period_end: s.cancel_at_period_end,
    canceled_at: s.canceled_at,
    cancellation_details: { reason: s.cancellation_reason, comment: null, feedback: null },
    items: {
      object: "list",
      has_more: false,
      data: [
        {
          id: `si_${s.id}`,
          object: "subscription_item",
          current_period_start: s.current_period_start,
          current_period_end: s.current_period_end,
          price: {
            id: `price_${s.id}_${s.unit_amount}`,
            object: "price",
            currency: "gbp",
            unit_amount: s.unit_amount,
            product: s.product,
            recurring: { interval: "month", interval_count: 1 },
          },
        },
      ],
    },
  };
}

const missing = (reply: Reply, what: string) =>
  reply(404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });

type LineItem = { price_data?: { unit_amount?: string; recurring?: unknown; product?: string } };

/** What Stripe does when the customer pays on the Checkout page: a customer and a subscription. */
function completeCheckout(id: string, options: Obj) {
  const entry = sessions.get(id);
  if (!entry) return null;
  const params = entry.params;
  const data = (params.subscription_data ?? {}) as {
    metadata?: Record<string, string>;
    trial_period_days?: string;
  };
  const recurring = ((params.line_items ?? []) as LineItem[]).find((item) => item.price_data?.recurring);
  const now = nowSeconds();
  const trialEnd = data.trial_period_days ? now + Number(data.trial_period_days) * 86_400 : null;
  const subscription: Subscription = {
    id: nextId("sub"),
    customer: (params.customer as string | undefined) ?? nextId("cus"),
    status: (options.status as string | undefined) ?? (trialEnd ? "trialing" : "active"),
    metadata: data.metadata ?? {},
    trial_end: trialEnd,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_reason: null,
    current_period_start: now,
    current_period_end: trialEnd ?? now + MONTH,
    unit_amount: Number(recurring?.price_data?.unit_amount ?? 0),
    product: nextId("prod"),
  };
  subscriptions.set(subscription.id, subscription);
  entry.session = {
    ...entry.session,
    status: "complete",
    customer: subscription.customer,
    subscription: subscription.id,
  };
  return { session: entry.session, subscription: subscriptionObject(subscription) };
}

function updateSubscription(s: Subscription, params: Obj) {
  const [item] = (params.items ?? []) as LineItem[];
  if (item?.price_data) {
    s.unit_amount = Number(item.price_data.unit_amount);
    s.product = item.price_data.product ?? s.product;
  }
  if (params.metadata) s.metadata = { ...s.metadata, ...(params.metadata as Record<string, string>) };
  if (params.cancel_at_period_end !== undefined)
    s.cancel_at_period_end = params.cancel_at_period_end === "true";
  if (params.trial_end === "now") {
    const now = nowSeconds();
    Object.assign(s, {
      status: "active",
      trial_end: now,
      current_period_start: now,
      current_period_end: now + MONTH,
    });
  }
}

/** Test controls: drive Stripe's side and read what it was asked. */
function control(method: string, path: string, body: string, reply: Reply) {
  const complete = /^\/__stripe\/checkout-sessions\/([^/]+)\/complete$/.exec(path);
  if (complete && method === "POST") {
    const result = completeCheckout(complete[1] ?? "", body ? (JSON.parse(body) as Obj) : {});
    return result ? reply(200, result) : missing(reply, "checkout session");
  }
  const session = /^\/__stripe\/checkout-sessions\/([^/]+)$/.exec(path);
  if (session) {
    const entry = sessions.get(session[1] ?? "");
    return entry ? reply(200, entry) : missing(reply, "checkout session");
  }
  const subscription = /^\/__stripe\/subscriptions\/([^/]+)$/.exec(path);
  if (subscription && method === "PUT") {
    const id = subscription[1] ?? "";
    const changes = JSON.parse(body) as Partial<Subscription>;
    const now = nowSeconds();
    const base: Subscription = subscriptions.get(id) ?? {
      id,
      customer: nextId("cus"),
      status: "active",
      metadata: {},
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_reason: null,
      current_period_start: now,
      current_period_end: now + MONTH,
      unit_amount: 0,
      product: nextId("prod"),
    };
    const next = { ...base, ...changes, id };
    subscriptions.set(id, next);
    return reply(200, subscriptionObject(next));
  }
  if (path.startsWith("/__stripe/requests")) {
    const filter = new URL(path, "http://x").searchParams.get("path") ?? "";
    return reply(
      200,
      requests.filter((r) => r.path.includes(filter)),
    );
  }
  return missing(reply, "control route");
}

/** Handles /v1/* (Stripe's API) and /__stripe/* (test controls). */
export function handleStripe(method: string, url: string, headers: Obj, body: string, reply: Reply) {
  const path = url.split("?")[0] ?? url;
  if (path.startsWith("/__stripe/")) return control(method, url, body, reply);
  if (headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
    return reply(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
  }
  const params = decodeForm(method === "GET" ? (url.split("?")[1] ?? "") : body);
  requests.push({ method, path, params });

  if (path === "/v1/checkout/sessions" && method === "POST") {
    const id = nextId("cs_test");
    const session = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: params.mode,
      status: "open",
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      subscription: null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url,
    };
    sessions.set(id, { session, params });
    return reply(200, session);
  }
  if (path === "/v1/products" && method === "POST") {
    return reply(200, {
      id: nextId("prod"),
      object: "product",
      name: params.name,
      metadata: params.metadata ?? {},
    });
  }
  if (path === "/v1/billing_portal/sessions" && method === "POST") {
    const id = nextId("bps");
    return reply(200, {
      id,
      object: "billing_portal.session",
      customer: params.customer,
      return_url: params.return_url,
      url: `https://billing.stripe.test/p/session/${id}`,
    });
  }
  const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (match) {
    const s = subscriptions.get(match[1] ?? "");
    if (!s) return missing(reply, `subscription: '${match[1]}'`);
    if (method === "POST") updateSubscription(s, params);
    if (method === "DELETE") {
      Object.assign(s, {
        status: "canceled",
        canceled_at: nowSeconds(),
        cancellation_reason: "cancellation_requested",
      });
    }
    return reply(200, subscriptionObject(s));
  }
  return missing(reply, `route: ${method} ${path}`);
}
