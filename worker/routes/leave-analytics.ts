import { Hono } from "hono";
import { analyticsQuery, type LeaveAnalyticsResponse } from "../contracts/hours";
import { locationParams } from "../contracts/params";
import { leaveAnalytics } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import { periodInfoOf, resolveAnalyticsPeriod } from "../domain/periods";
import { localDateOf } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { badRequest } from "../lib/errors";
import { params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// The Employees tab's analytics card: leave days by type and today's statuses.

const DEFAULT_ANALYTICS_PERIOD = "this_month";

export const leaveAnalyticsRoutes = new Hono<AppEnv>().get(
  "/:locationId",
  params(locationParams),
  query(analyticsQuery),
  ownedLocation,
  async (c) => {
    const { location } = c.var;
    const key = c.req.valid("query").period?.trim() || DEFAULT_ANALYTICS_PERIOD;
    const zone = safeTimeZone(location.timezone);
    const now = Date.now();
    const period = resolveAnalyticsPeriod(key, zone, now);
    if (!period) throw badRequest(`Unknown period "${key}": use ytd, this_month or this_week`);
    const range = { startDate: period.startDate, endDate: period.endDate };
    // Statuses and their periods are the location's hub's.
    const { current, periods } = await hubFor(c.env, location.id).leave(range);
    return c.json<LeaveAnalyticsResponse>({
      leave_analytics: leaveAnalytics({
        employees: current,
        records: periods,
        range,
        today: localDateOf(now, zone),
      }),
      period_info: periodInfoOf(period),
    });
  },
);
