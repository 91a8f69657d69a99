import { Hono } from "hono";
import type { AppEnv } from "../../types";

// The staff app: clocking in from the phone, and Web Push (docs/staff-app.md). Mounted at /api/staff/me behind the staff session guard.

export const staffClockRoutes = new Hono<AppEnv>();
