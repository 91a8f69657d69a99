import { Hono } from "hono";
import type { SuccessResponse } from "../contracts/employees";
import {
  type BreakOverridesResponse,
  breakOverrideRequest,
  type SaveBreakOverrideResponse,
} from "../contracts/settings";
import { listBreakOverrides, removeBreakOverride, saveBreakOverride } from "../db/break-overrides";
import { employeeAtLocation } from "../db/employees";
import { ownedLocation } from "../db/locations";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, noBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// Per-employee breaks (spec §3 break override, §5, §6): an employee's own break length and workday,
// used by the hours engine instead of the location's standard. Reading is open to every plan (an
// account that moved down to Starter still sees what applies); changing needs Pro or Business.

export const employeeBreakRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/:locationId", async (c) => {
    const db = c.get("db");
    const location = await ownedLocation(db, c.get("user").id, c.req.param("locationId"));
    return c.json<BreakOverridesResponse>({ overrides: await listBreakOverrides(db, location.id) });
  })

  .put("/:locationId/:employeeId", jsonBody(breakOverrideRequest), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const location = await ownedLocation(db, user.id, c.req.param("locationId"));
    const employee = await employeeAtLocation(db, location.id, c.req.param("employeeId"));
    requireFeature(user, "employeeBreaks");
    const override = await saveBreakOverride(db, user.id, employee, c.req.valid("json"));
    return c.json<SaveBreakOverrideResponse>({ success: true, override });
  })

  /** Back to the location's standard break and workday. */
  .delete("/:locationId/:employeeId", noBody, async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const location = await ownedLocation(db, user.id, c.req.param("locationId"));
    const employee = await employeeAtLocation(db, location.id, c.req.param("employeeId"));
    requireFeature(user, "employeeBreaks");
    await removeBreakOverride(db, user.id, employee);
    return c.json<SuccessResponse>({ success: true });
  });
