import { Hono } from "hono";
import { socketQuery } from "../contracts/live";
import { locationParams } from "../contracts/params";
import { findOwnedLocation } from "../db/locations";
import { accountForSessionHash } from "../db/team";
import { subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { inScope } from "../domain/team-roles";
import { openDashboardSocket } from "../durable/client";
import { appSecret } from "../lib/config";
import { ApiError, badRequest, forbidden, unauthorized } from "../lib/errors";
import { readLiveTicket } from "../lib/tickets";
import { params, query } from "../lib/validate";
import { SUBSCRIPTION_REQUIRED } from "../middleware/session";
import type { AppEnv } from "../types";

// GET /api/live/{locationId}?ticket=… with Upgrade: websocket. Everything is checked here, before the
// request can reach the location's hub: a bad, expired, used or foreign ticket never opens a socket, nor
// does one whose session has ended or whose account must pay first. The hub then closes the socket when
// any of those changes later (disconnectSockets in worker/durable/client.ts).

export const liveSocketRoutes = new Hono<AppEnv>().get(
  "/:locationId",
  params(locationParams),
  query(socketQuery),
  async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket")
      throw badRequest("Expected a WebSocket upgrade");
    const ticket = await readLiveTicket(appSecret(c.env), c.req.valid("query").ticket ?? "");
    if (!ticket) throw unauthorized("Invalid or expired ticket");
    const { locationId } = c.req.valid("param");
    if (ticket.locationId !== locationId) throw forbidden("This ticket is for another location");
    const db = c.get("db");
    const signedIn = await accountForSessionHash(db, ticket.sessionHash);
    const user = signedIn?.user;
    if (!signedIn || !user || user.id !== ticket.userId)
      throw unauthorized("Your session has expired. Please log in again.");
    if (subscriptionRequired(effectiveBilling(user).subscriptionStatus)) {
      throw new ApiError(402, SUBSCRIPTION_REQUIRED);
    }
    if (!inScope(signedIn.member, locationId) || !(await findOwnedLocation(db, ticket.userId, locationId))) {
      throw forbidden("This location is no longer on your account");
    }

    return openDashboardSocket(c.env, locationId, {
      userId: ticket.userId,
      sessionHash: ticket.sessionHash,
      ticketId: ticket.ticketId,
      expiresAt: ticket.expiresAt,
    });
  },
);
