import { Hono } from "hono";
import { type KioskTicketResponse, ONLY_PAIRED_KIOSKS } from "../contracts/kiosk";
import { LIVE_TICKET_SECONDS, socketQuery } from "../contracts/live";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { findKioskLocation } from "../db/kiosk-access";
import { pairedDevice } from "../db/kiosk-devices";
import {
  HUB_DEVICE_HEADER,
  HUB_KIOSK_PATH,
  HUB_LOCATION_HEADER,
  HUB_TICKET_EXPIRES_HEADER,
  HUB_TICKET_HEADER,
} from "../durable/location-hub";
import { appSecret } from "../lib/config";
import { badRequest, forbidden, notFound, unauthorized } from "../lib/errors";
import { hubFor } from "../lib/hub";
import { issueKioskLiveTicket, readKioskLiveTicket } from "../lib/tickets";
import { noBody, params, query } from "../lib/validate";
import { requireKioskDevice } from "../middleware/kiosk-device";
import type { AppEnv } from "../types";

// A kiosk's socket, mounted at /api/kiosk-live: an open kiosk hears when its location's look changes
// (theme, button shape, logo) and nothing else. Kiosks have no manager session: a public kiosk connects
// by location, as it loads it; a paired one with a 60-second ticket from its device token.

export const kioskSocketRoutes = new Hono<AppEnv>()
  /** POST /api/kiosk-live/ticket with the paired device's Bearer token. */
  .post("/ticket", requireKioskDevice, noBody, async (c) => {
    const device = c.var.kioskDevice;
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
    const db = c.var.db;
    const location = await findKioskLocation(db, c.req.valid("param").locationId);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    const ticketText = c.req.valid("query").ticket;
    // Only what the hub needs goes through: nothing the caller chose.
    const headers = new Headers({ Upgrade: "websocket", [HUB_LOCATION_HEADER]: location.id });
    if (ticketText !== undefined) {
      const ticket = await readKioskLiveTicket(appSecret(c.env), ticketText);
      const device = ticket ? await pairedDevice(db, ticket.deviceId, ticket.locationId) : undefined;
      if (!ticket || !device) throw unauthorized("Invalid or expired ticket");
      if (device.locationId !== location.id) throw forbidden("This ticket is for another location");
      headers.set(HUB_DEVICE_HEADER, device.id);
      headers.set(HUB_TICKET_HEADER, ticket.ticketId);
      headers.set(HUB_TICKET_EXPIRES_HEADER, String(ticket.expiresAt));
    } else if (location.onlyPaired) {
      throw forbidden(ONLY_PAIRED_KIOSKS);
    }
    return hubFor(c.env, location.id).fetch(
      new Request(`https://location-hub${HUB_KIOSK_PATH}`, { headers }),
    );
  });
