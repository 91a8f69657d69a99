import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Actor } from "../db/audit";
import { accountForToken } from "../db/team";
import { subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import type { Member } from "../domain/team-roles";
import { ApiError, unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { enforcePermission } from "./permission";

/** Bearer token from the Authorization header. Tokens in URLs are deliberately not accepted. */
export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? "");
  return match?.[1];
};

export const SUBSCRIPTION_REQUIRED = "Your subscription needs attention. Please choose a plan to continue.";

/**
 * Sets `user` to the signed-in account as it stands now (effectiveBilling: lapsed grace, ended plans): for a
 * team member, their account's owner row, and `member` to who is signed in and their role (docs/team.md).
 */
async function authenticate(c: Context<AppEnv>) {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const signedIn = await accountForToken(c.get("db"), token);
  if (!signedIn) throw unauthorized("Your session has expired. Please log in again.");
  c.set("user", effectiveBilling(signedIn.user));
  c.set("member", signedIn.member);
  c.set("sessionToken", token);
  return c.get("user");
}

/**
 * Any signed-in account, including one that must pay first: plan, billing and logout calls. Both guards end
 * with the member's permission for the route (middleware/permission.ts).
 */
export const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await enforcePermission(c);
  await next();
});

/**
 * The dashboard's calls. A suspended account, or one whose trial ended unpaid, gets 402 until it pays:
 * the limits are enforced on the server, not only by the plan-choice screen.
 */
export const requireManager = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c);
  if (subscriptionRequired(user.subscriptionStatus)) throw new ApiError(402, SUBSCRIPTION_REQUIRED);
  await enforcePermission(c);
  await next();
});

/** Who is acting, for audit rows and the hub's records: the signed-in member by id and name (docs/team.md). */
export const actorOf = (c: { var: { member: Member } }): Actor => ({
  id: c.var.member.id,
  name: c.var.member.name,
});
