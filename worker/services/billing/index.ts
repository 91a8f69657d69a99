import type { Db } from "../../db/client";
import { isDevelopment } from "../../lib/config";
import { ApiError } from "../../lib/errors";
import type { BillingProvider } from "./provider";
import { SandboxBilling } from "./sandbox";
import { StripeBilling } from "./stripe";

export type { BillingProvider } from "./provider";

export const stripeConfigured = (env: Env) => Boolean(env.STRIPE_SECRET_KEY);

/** The sandbox exists only offline: never once Stripe is configured, never outside development. */
export const sandboxAvailable = (env: Env) => !stripeConfigured(env) && isDevelopment(env);

/** Stripe when a secret key is set; the sandbox in development; otherwise billing is unavailable (503). */
export function billingFor(env: Env, db: Db): BillingProvider {
  if (env.STRIPE_SECRET_KEY) {
    return new StripeBilling({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      appUrl: env.APP_URL,
      // A local stand-in for Stripe's API, for tests; ignored outside development.
      apiBase: isDevelopment(env) ? env.STRIPE_API_BASE : undefined,
    });
  }
  if (sandboxAvailable(env)) return new SandboxBilling(db);
  console.error("Billing is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  throw new ApiError(503, "Online payment is not available yet. Please try again later.");
}
