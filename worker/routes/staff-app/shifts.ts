import { Hono } from "hono";
import type { AppEnv } from "../../types";

// The staff app: my shifts, open shifts and availability (docs/staff-app.md). Mounted at /api/staff/me behind the staff session guard.

export const staffShiftRoutes = new Hono<AppEnv>();
