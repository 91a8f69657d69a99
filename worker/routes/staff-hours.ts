import { Hono } from "hono";
import type { StaffHoursResponse } from "../contracts/hours";
import { staffHoursQuery } from "../contracts/hours";
import type { Location } from "../contracts/locations";
import type { Db } from "../db/client";
import { ownedLocation } from "../db/locations";
import { staffHoursOf } from "../db/staff-hours";
import { csvFilename, staffHoursCsv } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import { HOURS_PERIOD_DEFAULT, type Period, periodInfoOf, resolveHoursPeriod } from "../domain/periods";
import { exportRows, staffHoursRows } from "../domain/staff-hours-rows";
import { localDateOf } from "../domain/time-zone";
import { csvDownloadHeaders } from "../lib/downloads";
import { badRequest, notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { parseOrThrow } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// The Hours tab (spec §7): staff hours for this week or a month, and the same figures as CSV.

function hoursPeriod(key: string | undefined, timeZone: string, now: number): Period {
  const wanted = key?.trim() || HOURS_PERIOD_DEFAULT;
  const period = resolveHoursPeriod(wanted, timeZone, now);
  if (!period) {
    throw badRequest(
      `Unknown period "${wanted}": use this_week or month_YYYY_M, from month_2025_9 to the current month`,
    );
  }
  return period;
}

/** The caller's location, its zone and the requested period: what every call here starts from. */
async function periodAt(db: Db, userId: string, locationId: string, query: Record<string, string>) {
  const { period: key, search } = parseOrThrow(staffHoursQuery, query);
  const location = await ownedLocation(db, userId, locationId);
  const zone = safeTimeZone(location.timezone);
  const now = Date.now();
  return { location, zone, now, period: hoursPeriod(key, zone, now), search: search ?? "" };
}

const filenameFor = (location: Location, period: Period, zone: string, now: number, employee?: string) =>
  csvFilename(location.name, period.key, localDateOf(now, zone), employee);

export const staffHoursRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/:locationId", async (c) => {
    const db = c.get("db");
    const at = await periodAt(db, c.get("user").id, c.req.param("locationId"), c.req.query());
    const staff = await staffHoursOf(db, at.location, at.period, at.now);
    return c.json<StaffHoursResponse>({
      staff_hours: staffHoursRows(staff, at.search),
      period_info: periodInfoOf(at.period),
    });
  })

  .get("/:locationId/all-employees-csv", async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const at = await periodAt(db, user.id, c.req.param("locationId"), c.req.query());
    requireFeature(user, "csvExport");
    const staff = exportRows(await staffHoursOf(db, at.location, at.period, at.now));
    const filename = filenameFor(at.location, at.period, at.zone, at.now);
    return c.body(staffHoursCsv({ staff, timeZone: at.zone }), 200, csvDownloadHeaders(filename));
  })

  .get("/:locationId/employee/:employeeId/csv", async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const at = await periodAt(db, user.id, c.req.param("locationId"), c.req.query());
    requireFeature(user, "csvExport");
    const employeeId = c.req.param("employeeId");
    const staff = exportRows(await staffHoursOf(db, at.location, at.period, at.now));
    // Staff who left are only listed for periods in which they worked: otherwise there is nothing to export.
    const mine = staff.find((row) => row.hours.employeeId === employeeId);
    if (!mine) throw notFound("Employee not found");
    const filename = filenameFor(at.location, at.period, at.zone, at.now, mine.employee.name);
    return c.body(staffHoursCsv({ staff: [mine], timeZone: at.zone }), 200, csvDownloadHeaders(filename));
  });
