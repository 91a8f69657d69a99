import { Hono } from "hono";
import type { SuccessResponse } from "../contracts/employees";
import {
  type CreateLocationResponse,
  createLocationRequest,
  type LocationsResponse,
} from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { archiveLocation, createLocation, listLocations } from "../db/locations";
import { locationLimitMessage, maxLocationsFor } from "../domain/plans";
import { visibleTo } from "../domain/team-roles";
import { disconnectSockets, notifyHub } from "../durable/client";
import { badRequest, forbidden } from "../lib/errors";
import { jsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

/** Mounted at /api/manager/locations, in the manager sub-app. */
export const locationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const locations = await listLocations(c.var.db, c.var.user.id);
    return c.json<LocationsResponse>({ locations: visibleTo(c.var.member, locations) });
  })

  .post("/", jsonBody(createLocationRequest), async (c) => {
    const { db, user } = c.var;
    const location = await createLocation(
      db,
      user.id,
      actorOf(c),
      c.req.valid("json").name,
      maxLocationsFor(user),
    );
    if (!location) throw forbidden(locationLimitMessage(user));
    // Its hub learns of it now, so its kiosk's first punch does not wait for D1.
    await notifyHub(c.env, location.id, "site");
    return c.json<CreateLocationResponse>({ location_id: location.id, location }, 201);
  })

  .delete("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    if (!(await archiveLocation(db, user.id, actorOf(c), location.id))) {
      throw badRequest("You can't delete your only location. Add another location first.");
    }
    // The hub closes the location to kiosks (and their sockets), then every dashboard socket ends.
    await notifyHub(c.env, location.id, "site");
    await disconnectSockets(c.env, [location.id], { everyone: true }, SOCKET_CLOSE.locationClosed);
    return c.json<SuccessResponse>({ success: true });
  });
