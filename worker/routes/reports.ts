import { Hono } from "hono";
import {
  type AutomatedReport,
  type AutomatedReportsResponse,
  reportParams,
  type WeeklyReportStatus,
} from "../contracts/hours";
import { locationParams } from "../contracts/params";
import { findReport, lastReportAt, listReports, type WeeklyReportRow } from "../db/weekly-reports";
import { csvFilename } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import { planOf, REPORT_KINDS, type ReportKind, reportDeniedMessage } from "../domain/plans";
import { nextReportRun, reportPeriodName } from "../domain/report-schedule";
import { localDateOf } from "../domain/time-zone";
import { csvDownloadHeaders } from "../lib/downloads";
import { forbidden, notFound } from "../lib/errors";
import { params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// The automated reports the Monday job makes (worker/jobs/weekly-reports.ts): status, list, files.

const iso = (instant: number) => new Date(instant).toISOString();

const toReport = (row: WeeklyReportRow): AutomatedReport => ({
  id: row.id,
  kind: row.kind,
  period: row.period,
  period_name: reportPeriodName(row.kind, row.startDate, row.endDate),
  start_date: row.startDate,
  end_date: row.endDate,
  created_at: iso(row.createdAt),
  size: row.size,
});

const isReportKind = (kind: string): kind is ReportKind => (REPORT_KINDS as readonly string[]).includes(kind);

/** GET /api/manager/weekly-reports/status/{locationId}. */
export const weeklyReportRoutes = new Hono<AppEnv>().get(
  "/status/:locationId",
  params(locationParams),
  ownedLocation,
  async (c) => {
    const { db, user, location } = c.var;
    const last = await lastReportAt(db, location.id);
    return c.json<WeeklyReportStatus>({
      enabled: true,
      last_generated_at: last === null ? null : iso(last),
      next_run_at: iso(nextReportRun(Date.now())),
      report_kinds: [...planOf(user.plan).reportKinds],
    });
  },
);

/** The reports the plan includes, newest first, and their files. */
export const automatedReportRoutes = new Hono<AppEnv>()
  .get("/list/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const rows = await listReports(db, location.id, planOf(user.plan).reportKinds);
    return c.json<AutomatedReportsResponse>({ reports: rows.map(toReport) });
  })

  .get("/:locationId/:reportId/download", params(reportParams), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const report = await findReport(db, location.id, c.req.valid("param").reportId);
    if (!report) throw notFound("Report not found");
    if (isReportKind(report.kind) && !planOf(user.plan).reportKinds.includes(report.kind)) {
      throw forbidden(reportDeniedMessage(report.kind));
    }
    const file = await c.env.FILES.get(report.r2Key);
    if (!file) {
      console.error(`[reports] R2 object ${report.r2Key} of report ${report.id} is missing`);
      throw notFound("This report's file is no longer available");
    }
    const made = localDateOf(report.createdAt, safeTimeZone(location.timezone));
    const filename = csvFilename(location.name, report.period, made);
    return c.body(file.body, 200, csvDownloadHeaders(filename));
  });
