import { Hono } from "hono";
import {
  type ComplianceResponse,
  type ComplianceSummaryResponse,
  complianceQuery,
  EVIDENCE_MAX_DAYS,
  EVIDENCE_RANGE_ORDER,
  EVIDENCE_RANGE_REQUIRED,
  EVIDENCE_RANGE_TOO_LONG,
  evidenceQuery,
  type HolidayBalancesResponse,
  NOT_A_MONDAY,
} from "../contracts/compliance";
import type { WorkerHolidayResponse } from "../contracts/holiday";
import { locationParams } from "../contracts/params";
import {
  type AccountHolidayResponse,
  type AccountWorkingTimeResponse,
  accountHolidayRequest,
  accountWorkingTimeRequest,
  type LocationWorkingTimeResponse,
  locationWorkingTimePatch,
} from "../contracts/working-time-settings";
import { recordExport } from "../db/audit";
import { saveAccountHoliday, toAccountHoliday } from "../db/holiday-settings";
import { readLocationSettings, saveLocationSettings, toLocationWorkingTime } from "../db/location-settings";
import { listLocations } from "../db/locations";
import { saveAverageReferenceStart } from "../db/working-time-settings";
import { safeTimeZone } from "../domain/local-time";
import { visibleTo } from "../domain/team-roles";
import { dayNumberOf, localDateOf, weekdayOf } from "../domain/time-zone";
import { notifyHub } from "../durable/client";
import { csvDownloadHeaders } from "../lib/downloads";
import { badRequest } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { complianceReport } from "../services/compliance";
import { evidenceCsv, evidencePack } from "../services/evidence-pack";
import { renderEvidencePdf } from "../services/evidence-pdf";
import { holidayBalances } from "../services/holiday";
import { workerHolidays } from "../services/worker-holiday";
import { mondayOf } from "../services/working-time-checks";
import type { AppEnv } from "../types";

// UK working time, minimum wage and holiday, checked from each location's corrected hours: a
// traffic light per location, a week's findings per employee, irregular-hours holiday balances, and the
// evidence pack an inspector can be given. Pro and Business.

export const complianceRoutes = new Hono<AppEnv>()
  /** Every live location's light for this week. */
  .get("/", async (c) => {
    const { db, user } = c.var;
    requireFeature(user, "compliance");
    const now = Date.now();
    const locations = visibleTo(c.var.member, await listLocations(db, user.id));
    const reports = await Promise.all(
      locations.map((location) =>
        complianceReport(
          c.env,
          db,
          location,
          mondayOf(localDateOf(now, safeTimeZone(location.timezone))),
          now,
        ),
      ),
    );
    return c.json<ComplianceSummaryResponse>({
      week_start: reports[0]?.week_start ?? mondayOf(localDateOf(now, "Europe/London")),
      locations: reports.map((report, index) => ({
        location_id: report.location_id,
        name: locations[index]?.name ?? "",
        light: report.light,
        breaches_this_week: report.employees.flatMap((e) => e.breaches).filter((b) => b.this_week).length,
        breaches_earlier: report.employees.flatMap((e) => e.breaches).filter((b) => !b.this_week).length,
        not_checked: report.not_checked,
      })),
    });
  })

  /** The account's choice of 48-hour average reference periods: rolling (null) or successive from a date. */
  .get("/settings", (c) => {
    const { user } = c.var;
    requireFeature(user, "compliance");
    return c.json<AccountWorkingTimeResponse>({
      working_time: { average_reference_start: user.averageReferenceStart },
    });
  })

  .put("/settings", jsonBody(accountWorkingTimeRequest), async (c) => {
    const { db, user } = c.var;
    requireFeature(user, "compliance");
    const { average_reference_start } = c.req.valid("json");
    await saveAverageReferenceStart(db, user.id, actorOf(c), average_reference_start);
    return c.json<AccountWorkingTimeResponse>({ working_time: { average_reference_start } });
  })

  /** The account's holiday choices: the leave year (null: each worker's start date) and the carry-over cap. */
  .get("/holiday-settings", (c) => {
    const { user } = c.var;
    requireFeature(user, "compliance");
    return c.json<AccountHolidayResponse>({ holiday: toAccountHoliday(user) });
  })

  .put("/holiday-settings", jsonBody(accountHolidayRequest), async (c) => {
    const { db, user } = c.var;
    requireFeature(user, "compliance");
    const body = c.req.valid("json");
    const holiday = {
      leave_year_start: body.leave_year_start,
      carry_over_weeks: body.carry_over_weeks,
      allow_requests_beyond_balance:
        body.allow_requests_beyond_balance ?? toAccountHoliday(user).allow_requests_beyond_balance,
    };
    await saveAccountHoliday(db, user.id, actorOf(c), holiday);
    return c.json<AccountHolidayResponse>({ holiday });
  })

  /** A location's working-time choices: weekly rest's reference period, young workers' night work. */
  .get("/:locationId/working-time", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "compliance");
    return c.json<LocationWorkingTimeResponse>({
      working_time: toLocationWorkingTime(await readLocationSettings(db, location.id)),
    });
  })

  .put(
    "/:locationId/working-time",
    params(locationParams),
    jsonBody(locationWorkingTimePatch),
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      requireFeature(user, "compliance");
      const patch = c.req.valid("json");
      const saved = await saveLocationSettings(
        db,
        user.id,
        actorOf(c),
        location.id,
        patch,
        Date.now(),
        "working_time_changed",
      );
      // Live Status's night-work warning is judged by the location's hub.
      if (patch.young_night_sector !== undefined || patch.young_contract_after_22 !== undefined) {
        await notifyHub(c.env, location.id, "site");
      }
      return c.json<LocationWorkingTimeResponse>({ working_time: toLocationWorkingTime(saved) });
    },
  )

  /** A week's findings per employee (this week by default), with the 17-week reference period's. */
  .get("/:locationId", params(locationParams), query(complianceQuery), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "compliance");
    const now = Date.now();
    const week = c.req.valid("query").week ?? mondayOf(localDateOf(now, safeTimeZone(location.timezone)));
    if (weekdayOf(week) !== 1) throw badRequest(NOT_A_MONDAY);
    return c.json<ComplianceResponse>(await complianceReport(c.env, db, location, week, now));
  })

  /** Every worker's holiday for their leave year: entitlement, accrued, carried over, taken, booked, remaining. */
  .get("/:locationId/holiday/workers", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "compliance");
    return c.json<WorkerHolidayResponse>(await workerHolidays(c.env, db, location, Date.now()));
  })

  /** Irregular-hours and part-year workers' holiday: 12.07% of the hours of each ended pay period. */
  .get("/:locationId/holiday", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "compliance");
    return c.json<HolidayBalancesResponse>(await holidayBalances(c.env, db, location, Date.now()));
  })

  /** Every shift, break, rest, average, opt-out and breach of a range, as a PDF or as CSV. */
  .get("/:locationId/evidence", params(locationParams), query(evidenceQuery), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "compliance");
    const { from, to, format = "pdf" } = c.req.valid("query");
    if (!from || !to) throw badRequest(EVIDENCE_RANGE_REQUIRED);
    if (to < from) throw badRequest(EVIDENCE_RANGE_ORDER);
    if (dayNumberOf(to) - dayNumberOf(from) + 1 > EVIDENCE_MAX_DAYS)
      throw badRequest(EVIDENCE_RANGE_TOO_LONG);
    const pack = await evidencePack(c.env, db, user, location, { from, to }, Date.now());
    const name = `clocked-working-time-${from}-to-${to}`;
    const details = { format, from, to };
    await recordExport(db, {
      userId: user.id,
      actor: actorOf(c),
      locationId: location.id,
      action: "evidence_exported",
      details,
    });
    if (format === "csv") return c.body(evidenceCsv(pack), 200, csvDownloadHeaders(`${name}.csv`));
    const pdf = await renderEvidencePdf(pack);
    return c.body(pdf.slice().buffer, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
    });
  });
