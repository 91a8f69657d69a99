import { Hono } from "hono";
import { LIVE_TICKET_SECONDS, type LiveStatus, type LiveTicketResponse } from "../contracts/live";
import { sessionHashOf } from "../db/accounts";
import { ownedLocation } from "../db/locations";
import { appSecret } from "../lib/config";
import { hubFor } from "../lib/hub";
import { issueLiveTicket } from "../lib/tickets";
import { noBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

export const liveStatusRoutes = new Hono<AppEnv>()
  .use(requireManager)
  /** Attendance from D1 and the wrong-PIN alerts the location's hub keeps: one call to the hub. */
  .get("/:locationId", async (c) => {
    const location = await ownedLocation(c.get("db"), c.get("user").id, c.req.param("locationId"));
    return c.json<LiveStatus>(await hubFor(c.env, location.id).currentStatus(location.id, location.timezone));
  })

  /** Browsers cannot send headers on a WebSocket: the dashboard trades its session for a 60 s ticket. */
  .post("/:locationId/ticket", noBody, async (c) => {
    const userId = c.get("user").id;
    const location = await ownedLocation(c.get("db"), userId, c.req.param("locationId"));
    const ticket = await issueLiveTicket(appSecret(c.env), {
      userId,
      locationId: location.id,
      sessionHash: await sessionHashOf(c.get("sessionToken")),
    });
    return c.json<LiveTicketResponse>({ ticket, expires_in: LIVE_TICKET_SECONDS });
  });
