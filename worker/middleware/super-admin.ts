import { createMiddleware } from "hono/factory";
import { superAdminForToken } from "../db/super-admin-sessions";
import { unauthorized } from "../lib/errors";
import type { AppEnv } from "../types";
import { bearerToken } from "./session";

/** The console's calls: a super admin session only (a manager's token is not in that table). */
export const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized();
  const admin = await superAdminForToken(c.get("db"), token);
  if (!admin) throw unauthorized("Your super admin session has expired. Please sign in again.");
  c.set("superAdmin", { username: admin.username, token });
  await next();
});
