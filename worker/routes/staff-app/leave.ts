import { Hono } from "hono";
import type { AppEnv } from "../../types";

// The staff app: my holiday and leave requests (docs/staff-app.md). Mounted at /api/staff/me behind the staff session guard.

export const staffLeaveRoutes = new Hono<AppEnv>();
