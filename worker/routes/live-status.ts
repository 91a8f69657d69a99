import { Hono } from "hono";
import { LIVE_TICKET_SECONDS, type LiveStatus, type LiveTicketResponse } from "../contracts/live";
import { liveStatus } from "../db/live-status";
import { ownedLocation } from "../db/locations";
import { appSecret } from "../lib/config";
import { issueLiveTicket } from "../lib/tickets";
import { noBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

export const liveStatusRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/:locationId", async (c) => {
    const db = c.get("db");
    const location = await ownedLocation(db, c.get("user").id, c.req.param("locationId"));
    return c.json<LiveStatus>(await liveStatus(db, location.id, location.timezone));
  })

  /** Browsers cannot send headers on a WebSocket: the dashboard trades its session for a 60 s ticket. */
  .post("/:locationId/ticket", noBody, async (c) => {
    const userId = c.get("user").id;
    const location = await ownedLocation(c.get("db"), userId, c.req.param("locationId"));
    const ticket = await issueLiveTicket(appSecret(c.env), { userId, locationId: location.id });
    return c.json<LiveTicketResponse>({ ticket, expires_in: LIVE_TICKET_SECONDS });
  });
