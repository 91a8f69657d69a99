import { Hono } from "hono";
import type { AppEnv } from "../../types";

// Web Push subscriptions of the signed-in staff member's phones (docs/staff-app.md, "Notifications").

export const staffPushRoutes = new Hono<AppEnv>();
