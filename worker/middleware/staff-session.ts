import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { STAFF_SESSION_ENDED } from "../contracts/staff";
import { staffForToken } from "../db/staff-sessions";
import { forbidden, unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { ROUTE_PERMISSIONS } from "./route-permissions";
import { bearerToken } from "./session";

/**
 * The staff app's calls, /api/staff/* (docs/staff-app.md). Only a staff session opens them: a manager's
 * session, a kiosk device's token or a super admin's are not staff sessions and are refused as no session at
 * all. Every route here must be declared "staff" in the route table; one that is not is refused.
 */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const staff = await staffForToken(c.get("db"), token);
  if (!staff) throw unauthorized(STAFF_SESSION_ENDED);
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const route = matchedRoutes(c).find((r) => r.method === method);
  if (!route || ROUTE_PERMISSIONS[`${route.method} ${route.path}`] !== "staff") {
    throw forbidden("This is not a staff app call.");
  }
  c.set("staff", staff);
  await next();
});
