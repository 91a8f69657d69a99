import { Hono } from "hono";
import { locationParams } from "../contracts/params";
import type { SetupChecklistResponse } from "../contracts/setup";
import { setupFactsOf } from "../db/setup";
import { setupChecklist } from "../domain/setup-checklist";
import { hubFor } from "../durable/client";
import { params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// GET /api/manager/setup/{locationId}: the location's setup checklist (docs/setup-checklist.md).

export const setupRoutes = new Hono<AppEnv>().get(
  "/:locationId",
  params(locationParams),
  ownedLocation,
  async (c) => {
    const { db, user, location } = c.var;
    const { devicePaired, ...facts } = await setupFactsOf(db, location.id);
    // Punches are the location's hub's: asked for the first one only while no device says the kiosk is in use.
    const kioskUsed = devicePaired || (await hubFor(c.env, location.id).sessionPage(null, 1)).length > 0;
    return c.json<SetupChecklistResponse>(setupChecklist(location.id, { ...facts, kioskUsed }, user));
  },
);
