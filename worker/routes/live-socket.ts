import { Hono } from "hono";
import { ownedLocation } from "../db/locations";
import { HUB_LOCATION_HEADER, HUB_USER_HEADER } from "../durable/location-hub";
import { appSecret } from "../lib/config";
import { ApiError, badRequest, forbidden, unauthorized } from "../lib/errors";
import { hubFor } from "../lib/hub";
import { readLiveTicket } from "../lib/tickets";
import type { AppEnv } from "../types";

// GET /api/live/{locationId}?ticket=… with Upgrade: websocket. Everything is checked here, before the
// request can reach the location's hub: a bad, expired or foreign ticket never opens a socket.

export const liveSocketRoutes = new Hono<AppEnv>().get("/:locationId", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket")
    throw badRequest("Expected a WebSocket upgrade");
  const ticket = await readLiveTicket(appSecret(c.env), c.req.query("ticket") ?? "");
  if (!ticket) throw unauthorized("Invalid or expired ticket");
  const locationId = c.req.param("locationId");
  if (ticket.locationId !== locationId) throw forbidden("This ticket is for another location");
  const stillOwned = await ownedLocation(c.get("db"), ticket.userId, locationId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!stillOwned) throw forbidden("This location is no longer on your account");

  // Only what the hub needs goes through: no cookies, no Authorization, nothing the caller chose.
  const headers = new Headers({
    Upgrade: "websocket",
    [HUB_LOCATION_HEADER]: locationId,
    [HUB_USER_HEADER]: ticket.userId,
  });
  return hubFor(c.env, locationId).fetch(new Request("https://location-hub/live", { headers }));
});
