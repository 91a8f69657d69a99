import type { Context } from "hono";
import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import type { Location } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { answerQueryRequest, queryParams, type StaffQueryResponse } from "../contracts/staff-hours";
import {
  type ApproveResponse,
  addEntryRequest,
  approveRequest,
  type EntryHistoryResponse,
  type EntryResponse,
  editEntryRequest,
  entryParams,
  type OvertimeResponse,
  overtimeRequest,
  PERIOD_NOT_APPROVED,
  type TimesheetResponse,
  timesheetQuery,
  type UnlockResponse,
  unlockRequest,
  voidEntryRequest,
} from "../contracts/timesheets";
import { xeroUnlockWarning } from "../contracts/xero";
import { employeePayAt, readPaySchedule } from "../db/pay-rules";
import { sentTimesheets } from "../db/xero";
import { safeTimeZone } from "../domain/local-time";
import { HOURS_PERIOD_DEFAULT, periodInfoOf, resolveTimesheetPeriod } from "../domain/periods";
import type { OpenTimeRange } from "../domain/ranges";
import { queryView } from "../domain/staff-queries";
import { localDateOf } from "../domain/time-zone";
import { toTimesheetEntry } from "../domain/timesheet";
import { type Correction, ENTRY_NOT_FOUND, hubFor } from "../durable/client";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { CORRECTION_REFUSED, correctEntry, entryAdded } from "../services/entry-writes";
import { v1Approval } from "../services/public-records";
import { notifyStaff } from "../services/staff-notify";
import { queryAnsweredNotice } from "../services/staff-query-notice";
import { type SheetPeriod, sheetOf, timesheetEmployees } from "../services/timesheet";
import { publishEvent } from "../services/webhook-events";
import { queueApprovedPeriod } from "../services/xero/send";
import type { AppEnv } from "../types";

// Timesheets: each employee's entries day by day, and the manager's corrections. A correction is
// checked and recorded by the location's hub, serialised with the kiosk's punches, and layered over what
// was recorded: nothing a kiosk recorded is ever changed. Every plan: correct hours are not a premium.

type AtLocation = Context<AppEnv & { Variables: { location: Location } }>;

const instant = (text: string) => Date.parse(text);
const intervals = (breaks: { start_at: string; end_at: string }[] | undefined): OpenTimeRange[] | undefined =>
  breaks?.map((b) => ({ start: instant(b.start_at), end: instant(b.end_at) }));

/** Sends a correction to the location's hub (services/entry-writes.ts); the entry as the Timesheets tab shows it. */
async function correct(c: AtLocation, change: Correction) {
  const { location } = c.var;
  const entry = await correctEntry(
    c.env,
    { accountId: c.var.user.id, locationId: location.id },
    change,
    actorOf(c),
  );
  return toTimesheetEntry(entry, { now: Date.now(), timeZone: safeTimeZone(location.timezone) });
}

const UNKNOWN_PERIOD = (wanted: string) =>
  `Unknown period "${wanted}": use this_week, week_YYYY-MM-DD (a Monday), month_YYYY_M or pay_YYYY-MM-DD (a pay period's first day), from September 2025 to now`;

/** The requested period in the location's zone (a pay period by the location's schedule), or a 400. */
async function periodAt(c: AtLocation, key: string | undefined) {
  const { location, db } = c.var;
  const timeZone = safeTimeZone(location.timezone);
  const now = Date.now();
  const wanted = key?.trim() || HOURS_PERIOD_DEFAULT;
  const schedule = wanted.startsWith("pay_") ? await readPaySchedule(db, location.id) : undefined;
  const period = resolveTimesheetPeriod(wanted, timeZone, now, schedule);
  if (!period) throw badRequest(UNKNOWN_PERIOD(wanted));
  return { period, timeZone, now };
}

const sheetAt = (c: AtLocation, at: SheetPeriod) => sheetOf(c.env, c.var.db, c.var.location, at);

export const timesheetRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), query(timesheetQuery), ownedLocation, async (c) => {
    const { period: key, employee_id: employeeId } = c.req.valid("query");
    const at = await periodAt(c, key);
    const [sheet, pay] = await Promise.all([sheetAt(c, at), employeePayAt(c.var.db, c.var.location.id)]);
    const listed = employeeId ? sheet.staff.filter(({ member }) => member.id === employeeId) : sheet.staff;
    if (employeeId && listed.length === 0) throw notFound(EMPLOYEE_NOT_FOUND);
    const payrollIds = new Map([...pay].map(([id, terms]) => [id, terms.payroll_id ?? null]));
    const employees = timesheetEmployees(sheet, at, listed, payrollIds);
    const { latestReview } = sheet;
    return c.json<TimesheetResponse>({
      period_info: periodInfoOf(at.period),
      employees,
      latest_review_date: latestReview === null ? null : localDateOf(latestReview, at.timeZone),
    });
  })

  /**
   * Approves a pay period for everyone on its timesheet, or the chosen employees, and locks their entries in
   * it (Pro and Business). Refused with 409 while entries need review, unless the manager says they reviewed
   * them.
   */
  .post(
    "/:locationId/approve",
    params(locationParams),
    jsonBody(approveRequest),
    ownedLocation,
    async (c) => {
      const { user, location } = c.var;
      requireFeature(user, "payroll");
      const body = c.req.valid("json");
      const at = await periodAt(c, body.period);
      const { staff } = await sheetAt(c, at);
      const listed = new Set(staff.map(({ member }) => member.id));
      const chosen = body.employee_ids ?? [...listed];
      if (chosen.some((id) => !listed.has(id))) throw notFound(EMPLOYEE_NOT_FOUND);
      const result = await hubFor(c.env, location.id).approve(
        { key: at.period.key, start: at.period.start, end: at.period.end },
        [...new Set(chosen)],
        body.reviewed_exceptions ?? false,
        actorOf(c),
      );
      // Entries that still need review: the manager reviews them, or confirms they have.
      if (!result.ok) throw new ApiError(409, result.detail);
      // Xero Payroll UK (docs/xero.md): queued after the answer, so Xero never slows or fails an approval.
      c.executionCtx.waitUntil(
        queueApprovedPeriod(c.env, c.var.db, {
          userId: user.id,
          locationId: location.id,
          periodKey: at.period.key,
        }),
      );
      const answer: ApproveResponse = {
        period_info: periodInfoOf(at.period),
        approved: result.approved.map((a) => ({
          employee_id: a.employeeId,
          approved_at: new Date(a.approvedAt).toISOString(),
          approved_by: a.approvedBy,
        })),
      };
      await publishEvent(c.env, user.id, {
        type: "pay_period.approved",
        data: { location_id: location.id, ...answer, approvals: result.approved.map(v1Approval) },
      });
      return c.json<ApproveResponse>(answer);
    },
  )

  /** Lifts the lock of an approved pay period for everyone, with a reason (audited). */
  .post("/:locationId/unlock", params(locationParams), jsonBody(unlockRequest), ownedLocation, async (c) => {
    const { user, location } = c.var;
    requireFeature(user, "payroll");
    const body = c.req.valid("json");
    const at = await periodAt(c, body.period);
    const unlocked = await hubFor(c.env, location.id).unlock(at.period.key, body.reason, actorOf(c));
    if (unlocked === 0) throw new ApiError(409, PERIOD_NOT_APPROVED);
    const inXero = await sentTimesheets(c.var.db, location.id, at.period.key);
    const answer: UnlockResponse = {
      period_info: periodInfoOf(at.period),
      unlocked,
      xero_warning: inXero > 0 ? xeroUnlockWarning(inXero) : null,
    };
    await publishEvent(c.env, user.id, {
      type: "pay_period.unlocked",
      data: { location_id: location.id, period_info: answer.period_info, unlocked, reason: body.reason },
    });
    return c.json<UnlockResponse>(answer);
  })

  .get("/:locationId/entries/:entryId/history", params(entryParams), ownedLocation, async (c) => {
    const { location } = c.var;
    const found = await hubFor(c.env, location.id).entryHistory(c.req.valid("param").entryId);
    if (!found) throw notFound(ENTRY_NOT_FOUND);
    const context = { now: Date.now(), timeZone: safeTimeZone(location.timezone) };
    return c.json<EntryHistoryResponse>({
      entry: toTimesheetEntry(found.entry, context),
      history: found.history,
      phone_punches: found.positions.map((p) => ({
        action: p.action,
        at: new Date(p.at).toISOString(),
        latitude: p.latitude,
        longitude: p.longitude,
        accuracy_metres: p.accuracy,
        distance_metres: p.distance,
      })),
    });
  })

  /** A shift the kiosk never saw (a forgotten check-in, a shift worked elsewhere). */
  .post(
    "/:locationId/entries",
    params(locationParams),
    jsonBody(addEntryRequest),
    ownedLocation,
    async (c) => {
      const entry = await correct(c, entryAdded(c.req.valid("json")));
      return c.json<EntryResponse>({ entry }, 201);
    },
  )

  /** New times or breaks for an entry; with neither, a review that leaves it as it is. */
  .put(
    "/:locationId/entries/:entryId",
    params(entryParams),
    jsonBody(editEntryRequest),
    ownedLocation,
    async (c) => {
      const body = c.req.valid("json");
      const entry = await correct(c, {
        kind: "edit",
        entryId: c.req.valid("param").entryId,
        checkIn: body.check_in_at === undefined ? undefined : instant(body.check_in_at),
        checkOut: body.check_out_at === undefined ? undefined : instant(body.check_out_at),
        breaks: intervals(body.breaks),
        reason: body.reason,
      });
      return c.json<EntryResponse>({ entry });
    },
  )

  /**
   * The time an entry ran past its shift is paid after all (pay to the rota, docs/rota.md), or no longer is.
   * Audited; refused once the entry's pay period is approved.
   */
  .post(
    "/:locationId/entries/:entryId/overtime",
    params(entryParams),
    jsonBody(overtimeRequest),
    ownedLocation,
    async (c) => {
      const { entryId } = c.req.valid("param");
      const result = await hubFor(c.env, c.var.location.id).setOvertime(
        entryId,
        c.req.valid("json").approved,
        actorOf(c),
      );
      if (!result.ok) throw new ApiError(CORRECTION_REFUSED[result.refusal], result.detail);
      const { approval } = result;
      return c.json<OvertimeResponse>({
        entry_id: entryId,
        overtime_approved: approval ? { by: approval.byName, at: new Date(approval.at).toISOString() } : null,
      });
    },
  )

  /**
   * A manager's answer to a staff member's query (docs/staff-app.md): audited through the hub's outbox, and
   * the staff member is told.
   */
  .post(
    "/:locationId/queries/:queryId/answer",
    params(queryParams),
    jsonBody(answerQueryRequest),
    ownedLocation,
    async (c) => {
      const { location } = c.var;
      const result = await hubFor(c.env, location.id).answerQuery(
        c.req.valid("param").queryId,
        c.req.valid("json").answer,
        actorOf(c),
      );
      if (!result.ok) throw new ApiError(CORRECTION_REFUSED[result.refusal], result.detail);
      const { query } = result;
      c.executionCtx.waitUntil(
        notifyStaff(c.env, c.var.db, location.id, [query.employeeId], queryAnsweredNotice(query, location)),
      );
      return c.json<StaffQueryResponse>({ query: queryView(query) });
    },
  )

  /** A wrong entry stops counting; it stays, marked void, with its history. */
  .post(
    "/:locationId/entries/:entryId/void",
    params(entryParams),
    jsonBody(voidEntryRequest),
    ownedLocation,
    async (c) => {
      const entry = await correct(c, {
        kind: "void",
        entryId: c.req.valid("param").entryId,
        reason: c.req.valid("json").reason,
      });
      return c.json<EntryResponse>({ entry });
    },
  );
