import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND, locationEmployeeParams, type SuccessResponse } from "../contracts/employees";
import { locationParams } from "../contracts/params";
import {
  type BreakOverridesResponse,
  breakOverrideRequest,
  type SaveBreakOverrideResponse,
} from "../contracts/settings";
import { hubFor, overrideView } from "../durable/client";
import { notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, noBody, params } from "../lib/validate";
import { employeeAtLocation, ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// Per-employee breaks: an employee's own break length and workday,
// used by the hours engine instead of the location's standard. The location's hub owns them. Reading is open to every plan (an
// account that moved down to Starter still sees what applies); changing needs Pro or Business.

export const employeeBreakRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const overrides = await hubFor(c.env, c.var.location.id).breakOverrides();
    return c.json<BreakOverridesResponse>({ overrides: overrides.map(overrideView) });
  })

  .put(
    "/:locationId/:employeeId",
    params(locationEmployeeParams),
    jsonBody(breakOverrideRequest),
    ownedLocation,
    employeeAtLocation,
    async (c) => {
      const { user, employee } = c.var;
      requireFeature(user, "employeeBreaks");
      const hub = hubFor(c.env, employee.locationId);
      const override = await hub.setBreakOverride(employee.id, c.req.valid("json"), actorOf(c));
      if (!override) throw notFound(EMPLOYEE_NOT_FOUND);
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
      const { user, employee } = c.var;
      requireFeature(user, "employeeBreaks");
      await hubFor(c.env, employee.locationId).removeBreakOverride(employee.id, actorOf(c));
      return c.json<SuccessResponse>({ success: true });
    },
  );
