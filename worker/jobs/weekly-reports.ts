import type { Db } from "../db/client";
import { getDb } from "../db/client";
import { existingPeriods, locationsForReports, recordReport } from "../db/weekly-reports";
import { staffHoursCsv } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import { planOf } from "../domain/plans";
import { isReportRunTime, latestCompletedPeriod, type ReportPeriod } from "../domain/report-schedule";
import { exportRows } from "../domain/staff-hours-rows";
import { newId } from "../lib/crypto";
import { describeError } from "../lib/errors";
import { type Mailer, mailerFor, type ReportSummary, weeklyReportEmail } from "../services/email";
import { staffHoursOf } from "../services/staff-hours";

// The Monday job (cron "0 6,7 * * 1"): for every live location, the hours reports of the periods that
// have just ended, as CSV files in R2 (under reports/), a weekly_reports row each, and one e-mail to
// the manager. Safe to run twice: a period already reported is skipped, and should two runs race, the
// unique (location, period) index lets one row in and the loser deletes its own file.

export const REPORTS_PREFIX = "reports/";

type Job = { env: Env; db: Db; mailer: Mailer; now: number };
type ReportLocation = Awaited<ReturnType<typeof locationsForReports>>[number];

export type WeeklyReportsRun = { ran: boolean; made: number; failedLocations: number };

export async function runWeeklyReports(env: Env, scheduledTime: number): Promise<WeeklyReportsRun> {
  if (!isReportRunTime(scheduledTime)) return { ran: false, made: 0, failedLocations: 0 };
  const db = getDb(env.DB);
  const job: Job = { env, db, mailer: mailerFor(env, db), now: scheduledTime };
  let made = 0;
  let failedLocations = 0;
  for (const location of await locationsForReports(db)) {
    try {
      made += await reportLocation(job, location);
    } catch (error) {
      // One location's failure must not cost every other location its report; the next run retries
      // fortnights and months, which are made whenever they are missing.
      failedLocations++;
      console.error(`[weekly-reports] location ${location.id} failed: ${describeError(error)}`);
    }
  }
  console.log(`[weekly-reports] made ${made} report(s); ${failedLocations} location(s) failed`);
  return { ran: true, made, failedLocations };
}

/** The reports a location is due, those not made yet; answers how many this run made. */
async function reportLocation(job: Job, location: ReportLocation): Promise<number> {
  const zone = safeTimeZone(location.timezone);
  // Periods that ended before the location existed would only ever be empty.
  const due = planOf(location.plan)
    .reportKinds.map((kind) => latestCompletedPeriod(kind, zone, job.now))
    .filter((period) => period.end > location.createdAt);
  const have = await existingPeriods(
    job.db,
    location.id,
    due.map((period) => period.key),
  );
  const summaries: ReportSummary[] = [];
  for (const period of due.filter((p) => !have.has(p.key))) {
    const summary = await makeReport(job, { ...location, timezone: zone }, period);
    if (summary) summaries.push(summary);
  }
  if (summaries.length > 0) await emailManager(job, location, summaries);
  return summaries.length;
}

async function makeReport(job: Job, location: ReportLocation, period: ReportPeriod) {
  const staff = exportRows(await staffHoursOf(job.env, job.db, location, period, job.now));
  const body = new TextEncoder().encode(staffHoursCsv({ staff, timeZone: location.timezone }));
  const id = newId();
  const r2Key = `${REPORTS_PREFIX}${location.id}/${period.key}-${id}.csv`;
  await job.env.LOGOS.put(r2Key, body, {
    httpMetadata: { contentType: "text/csv; charset=utf-8" },
    customMetadata: { locationId: location.id, period: period.key },
  });
  const recorded = await recordReport(job.db, {
    id,
    locationId: location.id,
    kind: period.kind,
    period: period.key,
    startDate: period.startDate,
    endDate: period.endDate,
    r2Key,
    size: body.byteLength,
    createdAt: job.now,
  });
  if (!recorded) {
    // Another run got there first: its row and file stand, ours goes.
    await job.env.LOGOS.delete(r2Key);
    return null;
  }
  return {
    name: period.name,
    staff: staff.length,
    workedMinutes: staff.reduce((sum, s) => sum + s.hours.workedMinutes, 0),
    overtimeMinutes: staff.reduce((sum, s) => sum + s.hours.overtimeMinutes, 0),
  };
}

async function emailManager(job: Job, location: ReportLocation, reports: ReportSummary[]) {
  const message = weeklyReportEmail({
    managerName: location.managerName,
    locationName: location.name,
    reports,
    dashboardUrl: `${job.env.APP_URL.replace(/\/+$/, "")}/manager-dashboard`,
  });
  try {
    await job.mailer.send({ to: location.managerEmail, ...message });
  } catch (error) {
    // The reports exist and show on the dashboard; a failed e-mail is logged, not retried.
    console.error(`[weekly-reports] e-mail for location ${location.id} failed: ${describeError(error)}`);
  }
}
