import { Hono } from "hono";
import { SOCKET_CLOSE } from "../contracts/live";
import {
  type CreateLocationResponse,
  createLocationRequest,
  type LocationsResponse,
} from "../contracts/locations";
import { archiveLocation, createLocation, listLocations, ownedLocation } from "../db/locations";
import { locationLimitMessage, maxLocationsFor } from "../domain/plans";
import { badRequest, forbidden } from "../lib/errors";
import { disconnectSockets } from "../lib/hub";
import { jsonBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

export const locationRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/", async (c) => {
    return c.json<LocationsResponse>({ locations: await listLocations(c.get("db"), c.get("user").id) });
  })

  .post("/", jsonBody(createLocationRequest), async (c) => {
    const user = c.get("user");
    const location = await createLocation(
      c.get("db"),
      user.id,
      c.req.valid("json").name,
      maxLocationsFor(user),
    );
    if (!location) throw forbidden(locationLimitMessage(user));
    return c.json<CreateLocationResponse>({ location_id: location.id, location }, 201);
  })

  .delete("/:id", async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    await ownedLocation(db, userId, c.req.param("id"));
    if (!(await archiveLocation(db, userId, c.req.param("id")))) {
      throw badRequest("You can't delete your only location. Add another location first.");
    }
    await disconnectSockets(c.env, [c.req.param("id")], { everyone: true }, SOCKET_CLOSE.locationClosed);
    return c.json({ success: true });
  });
