import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND, locationEmployeeParams } from "../contracts/employees";
import {
  LIVE_TICKET_SECONDS,
  type LiveStatus,
  type LiveTicketResponse,
  type UnlockResponse,
} from "../contracts/live";
import { locationParams } from "../contracts/params";
import { sessionHashOf } from "../db/accounts";
import { hubFor } from "../durable/client";
import { appSecret } from "../lib/config";
import { notFound } from "../lib/errors";
import { issueLiveTicket } from "../lib/tickets";
import { noBody, params } from "../lib/validate";
import { employeeAtLocation, ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

export const liveStatusRoutes = new Hono<AppEnv>()
  /** Attendance from D1 and the wrong-PIN alerts the location's hub keeps: one call to the hub. */
  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { location } = c.var;
    return c.json<LiveStatus>(await hubFor(c.env, location.id).currentStatus());
  })

  /** Browsers cannot send headers on a WebSocket: the dashboard trades its session for a 60 s ticket. */
  .post("/:locationId/ticket", params(locationParams), noBody, ownedLocation, async (c) => {
    const { user, location } = c.var;
    const ticket = await issueLiveTicket(appSecret(c.env), {
      userId: user.id,
      locationId: location.id,
      sessionHash: await sessionHashOf(c.var.sessionToken),
    });
    return c.json<LiveTicketResponse>({ ticket, expires_in: LIVE_TICKET_SECONDS });
  })

  /**
   * Unlocks an employee locked out by wrong PINs, at every kiosk of the location, now (docs/kiosk.md). Audited
   * in the hub with the member's id and name; the dashboards hear of it. Unlocking someone not locked changes nothing.
   */
  .post(
    "/:locationId/unlock/:employeeId",
    params(locationEmployeeParams),
    noBody,
    ownedLocation,
    employeeAtLocation,
    async (c) => {
      const { location, employee } = c.var;
      const unlocked = await hubFor(c.env, location.id).unlockPins(employee.id, actorOf(c));
      if (unlocked === null) throw notFound(EMPLOYEE_NOT_FOUND);
      return c.json<UnlockResponse>({ success: true, unlocked });
    },
  );
