import { Hono } from "hono";
import {
  approveLeaveRequest,
  declineLeaveRequest,
  type LeaveCalendarResponse,
  type LeaveClashRefusal,
  type LeaveDecisionResponse,
  type LeaveRequestsResponse,
  leaveCalendarParams,
  leaveCalendarQuery,
  leaveRequestIdParams,
} from "../contracts/leave-requests";
import { locationParams } from "../contracts/params";
import { safeTimeZone } from "../domain/local-time";
import { localDateOf } from "../domain/time-zone";
import { jsonBody, optionalJsonBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { approveLeave, declineLeave } from "../services/leave-decisions";
import { leaveCalendar, leaveRequestsAt } from "../services/leave-overview";
import type { AppEnv } from "../types";

// The Leave tab (docs/staff-app.md, "Holiday and leave requests"): staff's leave requests at a location, deciding
// them, and a month of who is off. The :requestId routes name no location, so the service checks the request's
// location is the caller's and in their scope (404 otherwise, as for another account's id).

export const leaveRequestRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) =>
    c.json<LeaveRequestsResponse>(await leaveRequestsAt(c.env, c.var.db, c.var.location, Date.now())),
  )

  .get(
    "/:locationId/calendar",
    params(leaveCalendarParams),
    ownedLocation,
    query(leaveCalendarQuery),
    async (c) => {
      const { location } = c.var;
      const month =
        c.req.valid("query").month ?? localDateOf(Date.now(), safeTimeZone(location.timezone)).slice(0, 7);
      return c.json<LeaveCalendarResponse>(await leaveCalendar(c.env, c.var.db, location, month));
    },
  )

  .post(
    "/:requestId/approve",
    params(leaveRequestIdParams),
    optionalJsonBody(approveLeaveRequest),
    async (c) => {
      const caller = { db: c.var.db, userId: c.var.user.id, member: c.var.member };
      const { requestId } = c.req.valid("param");
      const outcome = await approveLeave(c.env, caller, actorOf(c), requestId, c.req.valid("json"));
      if (!outcome.ok) {
        return c.json<LeaveClashRefusal>({ detail: outcome.detail, clashes: outcome.clashes }, 409);
      }
      return c.json<LeaveDecisionResponse>(outcome.response);
    },
  )

  .post("/:requestId/decline", params(leaveRequestIdParams), jsonBody(declineLeaveRequest), async (c) => {
    const caller = { db: c.var.db, userId: c.var.user.id, member: c.var.member };
    const { requestId } = c.req.valid("param");
    const response = await declineLeave(c.env, caller, actorOf(c), requestId, c.req.valid("json").note);
    return c.json<LeaveDecisionResponse>(response);
  });
