import { Hono } from "hono";
import { requireStaff } from "../../middleware/staff-session";
import type { AppEnv } from "../../types";
import { staffAuthRoutes } from "./auth";
import { staffClockRoutes } from "./clock";
import { staffHoursRoutes } from "./hours";
import { staffLeaveRoutes } from "./leave";
import { staffPasskeyRoutes } from "./passkeys";
import { staffSessionRoutes } from "./session";
import { staffShiftRoutes } from "./shifts";

// The staff app's API, /api/staff/* (docs/staff-app.md): sign-in first (no session), then everything else
// behind the staff session guard. The staff app's typed client is built on this alone (StaffAppType).

const signedIn = new Hono<AppEnv>()
  .use(requireStaff)
  .route("/", staffSessionRoutes)
  .route("/me", staffShiftRoutes)
  .route("/me", staffHoursRoutes)
  .route("/me", staffLeaveRoutes)
  .route("/me", staffClockRoutes)
  .route("/me", staffPasskeyRoutes);

export const staffApi = new Hono<AppEnv>().route("/", staffAuthRoutes).route("/", signedIn);
