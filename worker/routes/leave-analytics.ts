import { Hono } from "hono";
import { analyticsQuery, type LeaveAnalyticsResponse } from "../contracts/hours";
import { locationParams } from "../contracts/params";
import { currentStaffStatuses, statusPeriodsTouching } from "../db/leave-history";
import { leaveAnalytics } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import { periodInfoOf, resolveAnalyticsPeriod } from "../domain/periods";
import { localDateOf } from "../domain/time-zone";
import { badRequest } from "../lib/errors";
import { params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// The Employees tab's analytics card (spec §3, §4): leave days by type and today's statuses.

const DEFAULT_ANALYTICS_PERIOD = "this_month";

export const leaveAnalyticsRoutes = new Hono<AppEnv>().get(
  "/:locationId",
  params(locationParams),
  query(analyticsQuery),
  ownedLocation,
  async (c) => {
    const { db, location } = c.var;
    const key = c.req.valid("query").period?.trim() || DEFAULT_ANALYTICS_PERIOD;
    const zone = safeTimeZone(location.timezone);
    const now = Date.now();
    const period = resolveAnalyticsPeriod(key, zone, now);
    if (!period) throw badRequest(`Unknown period "${key}": use ytd, this_month or this_week`);
    const range = { startDate: period.startDate, endDate: period.endDate };
    const [employees, records] = await Promise.all([
      currentStaffStatuses(db, location.id),
      statusPeriodsTouching(db, location.id, range),
    ]);
    return c.json<LeaveAnalyticsResponse>({
      leave_analytics: leaveAnalytics({ employees, records, range, today: localDateOf(now, zone) }),
      period_info: periodInfoOf(period),
    });
  },
);
