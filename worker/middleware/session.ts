import { createMiddleware } from "hono/factory";
import { userForToken } from "../db/accounts";
import { unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";

/** Bearer token from the Authorization header. Tokens in URLs are deliberately not accepted. */
export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header ?? "");
  return match?.[1];
};

export const requireManager = createMiddleware<AppEnv>(async (c, next) => {
  // Two sub-apps can share a prefix (/api/manager/locations): the session is looked up once.
  if (c.var.user) return next();
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const user = await userForToken(c.get("db"), token);
  if (!user) throw unauthorized("Your session has expired. Please log in again.");
  c.set("user", user);
  c.set("sessionToken", token);
  await next();
});
