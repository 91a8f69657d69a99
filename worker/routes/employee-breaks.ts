import { Hono } from "hono";
import { locationEmployeeParams, type SuccessResponse } from "../contracts/employees";
import { locationParams } from "../contracts/params";
import {
  type BreakOverridesResponse,
  breakOverrideRequest,
  type SaveBreakOverrideResponse,
} from "../contracts/settings";
import { listBreakOverrides, removeBreakOverride, saveBreakOverride } from "../db/break-overrides";
import { notifyHub } from "../lib/hub";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, noBody, params } from "../lib/validate";
import { employeeAtLocation, ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// Per-employee breaks (spec §3 break override, §5, §6): an employee's own break length and workday,
// used by the hours engine instead of the location's standard. Reading is open to every plan (an
// account that moved down to Starter still sees what applies); changing needs Pro or Business.

export const employeeBreakRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    return c.json<BreakOverridesResponse>({ overrides: await listBreakOverrides(db, location.id) });
  })

  .put(
    "/:locationId/:employeeId",
    params(locationEmployeeParams),
    jsonBody(breakOverrideRequest),
    ownedLocation,
    employeeAtLocation,
    async (c) => {
      const { db, user, employee } = c.var;
      requireFeature(user, "employeeBreaks");
      const override = await saveBreakOverride(db, user.id, employee, c.req.valid("json"));
      // The hub caps a forgotten session at the employee's own workday.
      await notifyHub(c.env, employee.locationId, "site");
      return c.json<SaveBreakOverrideResponse>({ success: true, override });
    },
  )

  /** Back to the location's standard break and workday. */
  .delete(
    "/:locationId/:employeeId",
    params(locationEmployeeParams),
    noBody,
    ownedLocation,
    employeeAtLocation,
    async (c) => {
      const { db, user, employee } = c.var;
      requireFeature(user, "employeeBreaks");
      await removeBreakOverride(db, user.id, employee);
      await notifyHub(c.env, employee.locationId, "site");
      return c.json<SuccessResponse>({ success: true });
    },
  );
