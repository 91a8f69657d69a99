import { z } from "zod";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import { readPaySchedule } from "../db/pay-rules";
import { locationRecipients } from "../db/team-mail";
import { existingPeriods, locationForReports, recordReport, reportLocationIds } from "../db/weekly-reports";
import { staffHoursCsv } from "../domain/csv";
import { safeTimeZone } from "../domain/local-time";
import { payPeriodKey, payPeriodOf, previousPayPeriod } from "../domain/pay-periods";
import { resolvePeriod } from "../domain/periods";
import { planOf } from "../domain/plans";
import {
  isReportRunTime,
  latestCompletedPeriod,
  type ReportPeriod,
  reportDelaySeconds,
  retryDelaySeconds,
} from "../domain/report-schedule";
import { exportRows } from "../domain/staff-hours-rows";
import { formatDate, localDateOf } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { newId } from "../lib/crypto";
import { describeError } from "../lib/errors";
import { type Mailer, mailerFor, type ReportSummary, weeklyReportEmail } from "../services/email";
import { planAgainstWorked } from "../services/rota-figures";
import { staffHoursOf } from "../services/staff-hours";

// The Monday reports (cron "0 6,7 * * 1"): for every live location, the hours reports of the periods
// that have just ended, as CSV files in R2 (under reports/), a weekly_reports row each, and an e-mail to
// each person who runs the location (docs/team.md, "Mail").
//
// The cron does not loop over the locations. It puts one "page" message on the REPORTS queue; each page
// message lists the next PAGE_SIZE live locations, sends one message per location (each held back to
// its slot in the run's first 50 minutes) and the message for the page after. So every invocation does
// a bounded amount of work however many locations there are, and each location's report is its own
// message: retried with backoff when it fails, dead-lettered after max_retries (wrangler.toml), and
// one broken location delays nobody.
//
// Every message carries the run's instant, so a retried or repeated message works out the same periods.
// Replays are harmless: a period already reported is skipped, and should two deliveries race, the unique
// (location, period) index lets one row in and the loser deletes its own file and sends no e-mail.

export const REPORTS_PREFIX = "reports/";
export const REPORTS_PAGE_SIZE = 100; // a sendBatch holds at most 100 messages

export const reportMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("page"), runAt: z.number().int(), after: z.string() }),
  z.object({ type: z.literal("location"), runAt: z.number().int(), locationId: z.string().min(1) }),
]);
export type ReportMessage = z.infer<typeof reportMessage>;

type Job = { env: Env; db: Db; mailer: Mailer; now: number };
type ReportLocation = NonNullable<Awaited<ReturnType<typeof locationForReports>>>;

/** The cron: on the weekly run, the first page of the fan-out; at any other time, nothing. */
export async function scheduleWeeklyReports(env: Env, scheduledTime: number): Promise<boolean> {
  if (!isReportRunTime(scheduledTime)) return false;
  await env.REPORTS.send({ type: "page", runAt: scheduledTime, after: "" } satisfies ReportMessage);
  return true;
}

/** The queue consumer: each message acknowledged when done, retried with backoff when it failed. */
export async function consumeReportMessages(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = getDb(env.DB);
  const mailer = mailerFor(env, db);
  for (const message of batch.messages) {
    const parsed = reportMessage.safeParse(message.body);
    if (!parsed.success) {
      // Retrying cannot mend it; a message the code does not understand is dropped and logged.
      console.error(`[weekly-reports] message ${message.id} is not a report message; dropped`);
      message.ack();
      continue;
    }
    const body = parsed.data;
    try {
      if (body.type === "page") await fanOut(env, db, body);
      else {
        const location = await locationForReports(db, body.locationId);
        // Archived or closed since the run began: nothing to report.
        if (location) await reportLocation({ env, db, mailer, now: body.runAt }, location);
      }
      message.ack();
    } catch (error) {
      const delaySeconds = retryDelaySeconds(message.attempts);
      const what = body.type === "page" ? `page after "${body.after}"` : `location ${body.locationId}`;
      console.error(
        `[weekly-reports] ${what} failed (attempt ${message.attempts}), retrying in ${delaySeconds}s: ${describeError(error)}`,
      );
      message.retry({ delaySeconds });
    }
  }
}

async function fanOut(env: Env, db: Db, page: Extract<ReportMessage, { type: "page" }>) {
  const ids = await reportLocationIds(db, page.after, REPORTS_PAGE_SIZE);
  const now = Date.now();
  if (ids.length > 0) {
    await env.REPORTS.sendBatch(
      ids.map((locationId) => ({
        body: { type: "location", runAt: page.runAt, locationId } satisfies ReportMessage,
        delaySeconds: reportDelaySeconds(locationId, page.runAt, now),
      })),
    );
  }
  const last = ids.at(-1);
  if (ids.length === REPORTS_PAGE_SIZE && last) {
    await env.REPORTS.send({ type: "page", runAt: page.runAt, after: last } satisfies ReportMessage);
  }
}

/** The reports a location is due and does not have yet, and one e-mail listing those made. */
async function reportLocation(job: Job, location: ReportLocation): Promise<void> {
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
  if (summaries.length > 0) await emailManagers(job, location, summaries);
}

async function makeReport(job: Job, location: ReportLocation, period: ReportPeriod) {
  const [hours, plan] = await Promise.all([
    staffHoursOf(job.env, job.db, location, period, job.now),
    planAgainstWorked(job.env, job.db, location, period, job.now),
  ]);
  const staff = exportRows(hours);
  const body = new TextEncoder().encode(staffHoursCsv({ staff, timeZone: location.timezone, plan }));
  const id = newId();
  const r2Key = `${REPORTS_PREFIX}${location.id}/${period.key}-${id}.csv`;
  await job.env.FILES.put(r2Key, body, {
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
    await job.env.FILES.delete(r2Key);
    return null;
  }
  return {
    name: period.name,
    staff: staff.length,
    workedMinutes: staff.reduce((sum, s) => sum + s.hours.workedMinutes, 0),
    overtimeMinutes: staff.reduce((sum, s) => sum + s.hours.overtimeMinutes, 0),
    ...(plan
      ? {
          plan: staff
            .map(({ employee, hours: theirs }) => ({
              name: employee.name,
              figures: plan.get(theirs.employeeId),
            }))
            .filter((row) => row.figures && (row.figures.plannedMinutes > 0 || row.figures.workedMinutes > 0))
            .map(({ name, figures }) => ({
              name,
              plannedMinutes: figures?.plannedMinutes ?? 0,
              workedMinutes: figures?.workedMinutes ?? 0,
            })),
        }
      : {}),
  };
}

/** One e-mail to each person who runs the location and wants it; the approval line only to those who approve. */
async function emailManagers(job: Job, location: ReportLocation, reports: ReportSummary[]) {
  const dashboardUrl = `${job.env.APP_URL.replace(/\/+$/, "")}/manager-dashboard`;
  const to = await locationRecipients(job.db, location.id, "weekly_report");
  if (!to || to.recipients.length === 0) return;
  const waiting = await approvalWaiting(job, location).catch(() => null);
  for (const recipient of to.recipients) {
    const message = weeklyReportEmail({
      managerName: recipient.name,
      locationName: location.name,
      reports,
      dashboardUrl,
      approvalWaiting:
        waiting && recipient.mayApprovePay
          ? { name: waiting.name, url: `${dashboardUrl}?timesheets=${encodeURIComponent(waiting.key)}` }
          : null,
    });
    try {
      await job.mailer.send({ to: recipient.email, ...message });
    } catch (error) {
      // The reports exist and show on the dashboard; a failed e-mail is logged, not retried.
      console.error(`[weekly-reports] e-mail for location ${location.id} failed: ${describeError(error)}`);
    }
  }
}

/**
 * The pay period that ended last, when someone has time in it not yet approved (Pro and Business, which
 * approve): what the Monday e-mail links to. Null when there is nothing to approve.
 */
async function approvalWaiting(job: Job, location: ReportLocation) {
  if (!planOf(location.plan).features.payroll) return null;
  const zone = safeTimeZone(location.timezone);
  const schedule = await readPaySchedule(job.db, location.id);
  const current = payPeriodOf(schedule, localDateOf(job.now, zone));
  const last = previousPayPeriod(schedule, current);
  const period = resolvePeriod(payPeriodKey(last), zone, job.now, schedule);
  if (!period) return null;
  const { entries, approvals } = await hubFor(job.env, location.id).entries(period);
  const approved = new Set(approvals.map((a) => a.employeeId));
  const waiting = entries.some((entry) => !entry.voided && !approved.has(entry.employeeId));
  return waiting
    ? { key: period.key, name: `Pay period ${formatDate(last.startDate)} – ${formatDate(last.endDate)}` }
    : null;
}
