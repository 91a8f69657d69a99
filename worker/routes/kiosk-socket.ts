import { Hono } from "hono";
import type { KioskTicketResponse } from "../contracts/kiosk";
import { LIVE_TICKET_SECONDS, socketQuery } from "../contracts/live";
import { locationParams } from "../contracts/params";
import { deviceSource, PUBLIC_KIOSK } from "../domain/punch-rules";
import { hubFor, openKioskSocket } from "../durable/client";
import { appSecret } from "../lib/config";
import { badRequest, forbidden, unauthorized } from "../lib/errors";
import { issueKioskLiveTicket, readKioskLiveTicket } from "../lib/tickets";
import { noBody, params, query } from "../lib/validate";
import { requireKioskDevice } from "../middleware/kiosk-device";
import type { AppEnv } from "../types";
import { kioskRefused } from "./kiosk-refusal";

// A kiosk's socket, mounted at /api/kiosk-live: an open kiosk hears when its location's look changes
// (theme, button shape, logo) and nothing else. Kiosks have no manager session: a public kiosk connects
// by location, as it loads it; a paired one with a 60-second ticket from its device token.

export const kioskSocketRoutes = new Hono<AppEnv>()
  /** POST /api/kiosk-live/ticket with the paired device's Bearer token. */
  .post("/ticket", requireKioskDevice, noBody, async (c) => {
    const device = c.var.kioskDevice;
    const caller = { source: deviceSource(device.id), deviceId: device.id };
    const refusal = await hubFor(c.env, device.locationId).admits(caller);
    if (refusal) throw kioskRefused(refusal, caller);
    const ticket = await issueKioskLiveTicket(appSecret(c.env), {
      deviceId: device.id,
      locationId: device.locationId,
    });
    return c.json<KioskTicketResponse>({
      ticket,
      expires_in: LIVE_TICKET_SECONDS,
      location_id: device.locationId,
    });
  })

  /** GET /api/kiosk-live/{locationId}[?ticket=…] with Upgrade: websocket. */
  .get("/:locationId", params(locationParams), query(socketQuery), async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket")
      throw badRequest("Expected a WebSocket upgrade");
    const locationId = c.req.valid("param").locationId;
    const hub = hubFor(c.env, locationId);
    const ticketText = c.req.valid("query").ticket;
    // Only what the hub needs goes through: nothing the caller chose.
    if (ticketText !== undefined) {
      const ticket = await readKioskLiveTicket(appSecret(c.env), ticketText);
      if (!ticket) throw unauthorized("Invalid or expired ticket");
      if (ticket.locationId !== locationId) throw forbidden("This ticket is for another location");
      const refusal = await hub.admits({ source: deviceSource(ticket.deviceId), deviceId: ticket.deviceId });
      if (refusal === "not_found" || refusal === "retired") throw kioskRefused(refusal, { deviceId: null });
      if (refusal) throw unauthorized("Invalid or expired ticket");
      return openKioskSocket(c.env, locationId, ticket);
    }
    const refusal = await hub.admits({ source: PUBLIC_KIOSK, deviceId: null });
    if (refusal) throw kioskRefused(refusal, { deviceId: null });
    return openKioskSocket(c.env, locationId, null);
  });
