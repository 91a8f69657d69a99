import type { Context } from "hono";
import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND, locationEmployeeParams } from "../contracts/employees";
import { type StaffHoursResponse, staffHoursQuery } from "../contracts/hours";
import type { Location } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { recordExport } from "../db/audit";
import { readPaySchedule } from "../db/pay-rules";
import { csvFilename, staffHoursCsv } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import { HOURS_PERIOD_DEFAULT, type Period, periodInfoOf, resolveHoursPeriod } from "../domain/periods";
import { exportRows, staffHoursRows } from "../domain/staff-hours-rows";
import { localDateOf } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { csvDownloadHeaders } from "../lib/downloads";
import { badRequest, notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { planAgainstWorked } from "../services/rota-figures";
import { staffHoursOf } from "../services/staff-hours";
import type { AppEnv } from "../types";

// The Hours tab: staff hours for this week or a month, and the same figures as CSV.

type AtLocation = Context<AppEnv & { Variables: { location: Location } }>;

/** The location's zone and the requested period (`?period=`, this week by default): what every call here starts from. */
async function periodAt(c: AtLocation, key: string | undefined) {
  const { location } = c.var;
  const zone = safeTimeZone(location.timezone);
  const now = Date.now();
  const wanted = key?.trim() || HOURS_PERIOD_DEFAULT;
  // A pay period needs the location's schedule; the original periods (weeks, fortnights, months) do not.
  const schedule = wanted.startsWith("pay_") ? await readPaySchedule(c.var.db, location.id) : undefined;
  const period = resolveHoursPeriod(wanted, zone, now, schedule);
  if (!period) {
    throw badRequest(
      `Unknown period "${wanted}": use this_week, month_YYYY_M (from month_2025_9 to the current month) or pay_YYYY-MM-DD (a pay period's first day)`,
    );
  }
  return { location, zone, now, period };
}

const filenameFor = (location: Location, period: Period, zone: string, now: number, employee?: string) =>
  csvFilename(location.name, period.key, localDateOf(now, zone), employee);

/** The CSV exports' start: the period, the plan's permission, and every row that can be exported. */
async function exportAt(c: AtLocation, key: string | undefined) {
  const at = await periodAt(c, key);
  requireFeature(c.var.user, "csvExport");
  const [staff, plan] = await Promise.all([
    staffHoursOf(c.env, c.var.db, at.location, at.period, at.now),
    planAgainstWorked(c.env, c.var.db, { id: at.location.id, timezone: at.zone }, at.period, at.now),
  ]);
  return { ...at, staff: exportRows(staff), plan };
}

/** The CSV's audit row: which period, and whose hours when it is one employee's. */
const recordCsv = (c: AtLocation, period: Period, employeeId?: string) =>
  recordExport(c.var.db, {
    userId: c.var.user.id,
    actor: actorOf(c),
    locationId: c.var.location.id,
    action: "hours_csv_exported",
    details: { period: period.key, employee_id: employeeId ?? null },
  });

export const staffHoursRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), query(staffHoursQuery), ownedLocation, async (c) => {
    const { period: key, search } = c.req.valid("query");
    const at = await periodAt(c, key);
    const [staff, needsReview] = await Promise.all([
      staffHoursOf(c.env, c.var.db, at.location, at.period, at.now),
      hubFor(c.env, at.location.id).needsReview(),
    ]);
    return c.json<StaffHoursResponse>({
      staff_hours: staffHoursRows(staff, search ?? ""),
      period_info: periodInfoOf(at.period),
      sessions_needing_review: needsReview,
    });
  })

  .get(
    "/:locationId/all-employees-csv",
    params(locationParams),
    query(staffHoursQuery),
    ownedLocation,
    async (c) => {
      const at = await exportAt(c, c.req.valid("query").period);
      const filename = filenameFor(at.location, at.period, at.zone, at.now);
      await recordCsv(c, at.period);
      return c.body(
        staffHoursCsv({ staff: at.staff, timeZone: at.zone, plan: at.plan }),
        200,
        csvDownloadHeaders(filename),
      );
    },
  )

  .get(
    "/:locationId/employee/:employeeId/csv",
    params(locationEmployeeParams),
    query(staffHoursQuery),
    ownedLocation,
    async (c) => {
      const at = await exportAt(c, c.req.valid("query").period);
      const { employeeId } = c.req.valid("param");
      // Staff who left are only listed for periods in which they worked: otherwise there is nothing to export.
      const mine = at.staff.find((row) => row.hours.employeeId === employeeId);
      if (!mine) throw notFound(EMPLOYEE_NOT_FOUND);
      const filename = filenameFor(at.location, at.period, at.zone, at.now, mine.employee.name);
      await recordCsv(c, at.period, employeeId);
      return c.body(
        staffHoursCsv({ staff: [mine], timeZone: at.zone, plan: at.plan }),
        200,
        csvDownloadHeaders(filename),
      );
    },
  );
