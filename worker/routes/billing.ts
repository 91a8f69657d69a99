import { Hono } from "hono";
import type { MessageResponse } from "../contracts/auth";
import {
  CHECKOUT_NOT_FOUND,
  checkoutParams,
  type SandboxCheckoutResponse,
  type SandboxCompleteResponse,
  sandboxCheckoutRequest,
} from "../contracts/billing";
import { toSessionUser } from "../db/accounts";
import { runBatch } from "../db/batch";
import {
  closeOtherSandboxCheckoutsStatement,
  closeSandboxCheckoutStatement,
  findOwnedSandboxCheckout,
  isOpen,
  processedEventStatement,
  sandboxCheckoutView,
} from "../db/billing";
import type { Db } from "../db/client";
import { planOf } from "../domain/plans";
import { isUniqueViolation } from "../lib/d1-errors";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { jsonBody, params } from "../lib/validate";
import { requireAccount } from "../middleware/session";
import { billingFor, sandboxAvailable, stripeConfigured } from "../services/billing";
import { applySubscription } from "../services/billing/apply";
import { sandboxSubscription } from "../services/billing/sandbox";
import { handleStripeEvent } from "../services/billing/webhook";
import type { AppEnv } from "../types";

const ALREADY_COMPLETED = "This checkout has already been completed.";
const NOT_OPEN = "This checkout is no longer open. Please choose your plan again from Manage Subscription.";

/** The caller's checkout, or 404 like any unknown id. */
async function ownedCheckout(db: Db, userId: string, id: string) {
  const checkout = await findOwnedSandboxCheckout(db, userId, id);
  if (!checkout) throw notFound(CHECKOUT_NOT_FOUND);
  return checkout;
}

/** The offline sandbox's payment page calls. Every path is a plain 404 once Stripe is configured. */
const sandboxRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!sandboxAvailable(c.env)) throw notFound();
    await next();
  })
  .use(requireAccount)
  .get("/checkouts/:checkoutId", params(checkoutParams), async (c) => {
    const checkout = await ownedCheckout(c.var.db, c.var.user.id, c.req.valid("param").checkoutId);
    return c.json<SandboxCheckoutResponse>({ checkout: sandboxCheckoutView(checkout) });
  })

  .post("/complete", jsonBody(sandboxCheckoutRequest), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const checkout = await ownedCheckout(db, user.id, c.req.valid("json").checkout_id);
    if (!isOpen(checkout)) throw badRequest(checkout.status === "completed" ? ALREADY_COMPLETED : NOT_OPEN);
    const plan = planOf(checkout.plan);
    const now = Date.now();
    try {
      // The same state change a Stripe webhook makes, recorded once like an event.
      const updated = await applySubscription(
        db,
        user,
        sandboxSubscription(user, plan, checkout.trialDays, now),
        [
          processedEventStatement(db, `sandbox:${checkout.id}`, "sandbox.checkout.completed", now),
          closeSandboxCheckoutStatement(db, checkout.id, "completed"),
          closeOtherSandboxCheckoutsStatement(db, user.id),
        ],
        now,
      );
      const message =
        checkout.trialDays > 0
          ? `Your ${checkout.trialDays}-day ${plan.name} trial has started.`
          : `You are now on the ${plan.name} plan.`;
      return c.json<SandboxCompleteResponse>({ message, user: toSessionUser(updated) });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(ALREADY_COMPLETED);
      throw error;
    }
  })

  .post("/cancel", jsonBody(sandboxCheckoutRequest), async (c) => {
    const db = c.get("db");
    const checkout = await ownedCheckout(db, c.get("user").id, c.req.valid("json").checkout_id);
    if (checkout.status === "completed") throw badRequest(ALREADY_COMPLETED);
    await runBatch(db, [closeSandboxCheckoutStatement(db, checkout.id, "cancelled")]);
    return c.json<MessageResponse>({ message: "Payment cancelled. Your plan has not changed." });
  });

export const billingRoutes = new Hono<AppEnv>()
  /** Stripe's webhook: no session; the signature on the raw body is the authentication. */
  .post("/webhook", async (c) => {
    if (!stripeConfigured(c.env)) throw notFound();
    if (!c.env.STRIPE_WEBHOOK_SECRET) {
      console.error("STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified");
      throw new ApiError(503, "Webhook not configured");
    }
    const signature = c.req.header("Stripe-Signature");
    if (!signature) throw badRequest("Missing Stripe-Signature header");
    const db = c.get("db");
    const billing = billingFor(c.env, db);
    const event = await billing.parseWebhook(await c.req.text(), signature);
    // Any failure past this point is a 500 (app.onError): Stripe retries, and the event id makes the retry safe.
    const outcome = await handleStripeEvent(c.env, db, billing, event);
    return c.json({ received: true, outcome });
  })
  .route("/sandbox", sandboxRoutes);
