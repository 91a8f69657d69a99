import { Hono } from "hono";
import type { AvailableMonthsResponse } from "../contracts/hours";
import { DEFAULT_TIMEZONE } from "../domain/local-time";
import { availableMonths } from "../domain/periods";
import type { AppEnv } from "../types";

/**
 * GET /api/manager/reports/available-months: September 2025 to this month, newest first. The call
 * names no location, so the month is the UK's (every location is in Europe/London today).
 */
export const availableMonthsRoutes = new Hono<AppEnv>().get("/available-months", (c) =>
  c.json<AvailableMonthsResponse>({ available_months: availableMonths(DEFAULT_TIMEZONE, Date.now()) }),
);
