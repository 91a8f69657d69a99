import { Hono } from "hono";
import type { AppEnv } from "../../types";

// The staff app: my hours, queries about them, and my data (docs/staff-app.md). Mounted at /api/staff/me behind the staff session guard.

export const staffHoursRoutes = new Hono<AppEnv>();
