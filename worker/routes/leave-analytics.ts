import { Hono } from "hono";
import { analyticsQuery, type LeaveAnalyticsResponse } from "../contracts/hours";
import { currentStaffStatuses, statusPeriodsTouching } from "../db/leave-history";
import { ownedLocation } from "../db/locations";
import { leaveAnalytics } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import { periodInfoOf, resolveAnalyticsPeriod } from "../domain/periods";
import { localDateOf } from "../domain/time-zone";
import { badRequest } from "../lib/errors";
import { parseOrThrow } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// The Employees tab's analytics card (spec §3, §4): leave days by type and today's statuses.

const DEFAULT_ANALYTICS_PERIOD = "this_month";

export const leaveAnalyticsRoutes = new Hono<AppEnv>().use(requireManager).get("/:locationId", async (c) => {
  const db = c.get("db");
  const key = parseOrThrow(analyticsQuery, c.req.query()).period?.trim() || DEFAULT_ANALYTICS_PERIOD;
  const location = await ownedLocation(db, c.get("user").id, c.req.param("locationId"));
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
});
