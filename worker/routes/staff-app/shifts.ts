import { Hono } from "hono";
import { type MyShiftsResponse, myShiftsQuery } from "../../contracts/staff-shifts";
import { query } from "../../lib/validate";
import { myShiftsCalendar, myShiftsResponse } from "../../services/my-shifts";
import type { AppEnv } from "../../types";
import { staffAvailabilityRoutes } from "./availability";
import { staffOpenShiftRoutes } from "./open-shifts";

// The staff app: my shifts, open shifts and availability (docs/staff-app.md). Mounted at /api/staff/me behind
// the staff session guard; every call acts on the signed-in employee's own records only.

export const staffShiftRoutes = new Hono<AppEnv>()
  .get("/shifts", query(myShiftsQuery), async (c) =>
    c.json<MyShiftsResponse>(
      await myShiftsResponse(c.env, c.var.staff, c.req.valid("query").from, Date.now()),
    ),
  )

  /** The next 8 weeks' shifts for a phone's calendar: fetched with the session, never a token in a URL. */
  .get("/shifts.ics", query(myShiftsQuery), async (c) =>
    c.body(await myShiftsCalendar(c.env, c.var.staff, c.req.valid("query").from, Date.now()), 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-shifts.ics"',
      "Cache-Control": "no-store",
    }),
  )

  .route("/", staffAvailabilityRoutes)
  .route("/", staffOpenShiftRoutes);
