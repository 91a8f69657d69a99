import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { userForToken } from "../db/accounts";
import { subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { ApiError, unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";

/** Bearer token from the Authorization header. Tokens in URLs are deliberately not accepted. */
export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? "");
  return match?.[1];
};

export const SUBSCRIPTION_REQUIRED = "Your subscription needs attention. Please choose a plan to continue.";

/** Sets `user` to the signed-in account as it stands now (effectiveBilling: lapsed grace, ended plans). */
async function authenticate(c: Context<AppEnv>) {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const user = await userForToken(c.get("db"), token);
  if (!user) throw unauthorized("Your session has expired. Please log in again.");
  c.set("user", effectiveBilling(user));
  c.set("sessionToken", token);
  return c.get("user");
}

/** Any signed-in account, including one that must pay first: plan, billing and logout calls. */
export const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});

/**
 * The dashboard's calls. A suspended account, or one whose trial ended unpaid, gets 402 until it pays:
 * the limits are enforced on the server, not only by the plan-choice screen.
 */
export const requireManager = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (subscriptionRequired(user.subscriptionStatus)) throw new ApiError(402, SUBSCRIPTION_REQUIRED);
  await next();
});
