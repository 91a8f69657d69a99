import type { Context } from "hono";
import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import type { Location } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import {
  addEntryRequest,
  type EntryHistoryResponse,
  type EntryResponse,
  editEntryRequest,
  entryParams,
  type TimesheetResponse,
  timesheetQuery,
  voidEntryRequest,
} from "../contracts/timesheets";
import { safeTimeZone } from "../domain/local-time";
import { HOURS_PERIOD_DEFAULT, periodInfoOf, resolveTimesheetPeriod } from "../domain/periods";
import { fullNameOf } from "../domain/staff-hours-rows";
import { localDateOf } from "../domain/time-zone";
import { buildTimesheet, countedSessions, type Interval, toTimesheetEntry } from "../domain/timesheet";
import { type Correction, ENTRY_NOT_FOUND } from "../durable/hub-entries";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { hubFor } from "../lib/hub";
import { jsonBody, params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { staffHoursOf } from "../services/staff-hours";
import type { AppEnv } from "../types";

// Timesheets (issue 16): each employee's entries day by day, and the manager's corrections. A correction is
// checked and recorded by the location's hub, serialised with the kiosk's punches, and layered over what
// was recorded: nothing a kiosk recorded is ever changed. Every plan: correct hours are not a premium.

type AtLocation = Context<AppEnv & { Variables: { location: Location } }>;

const instant = (text: string) => Date.parse(text);
const intervals = (breaks: { start_at: string; end_at: string }[] | undefined): Interval[] | undefined =>
  breaks?.map((b) => ({ start: instant(b.start_at), end: instant(b.end_at) }));

/** Sends a correction to the location's hub; its refusal becomes the answer. */
async function correct(c: AtLocation, change: Correction) {
  const { user, location } = c.var;
  const result = await hubFor(c.env, location.id).correct(change, { id: user.id, name: user.name });
  if (!result.ok) throw new ApiError(result.status, result.detail);
  return toTimesheetEntry(result.entry, { now: Date.now(), timeZone: safeTimeZone(location.timezone) });
}

export const timesheetRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), query(timesheetQuery), ownedLocation, async (c) => {
    const { location, db } = c.var;
    const { period: key, employee_id: employeeId } = c.req.valid("query");
    const timeZone = safeTimeZone(location.timezone);
    const now = Date.now();
    const wanted = key?.trim() || HOURS_PERIOD_DEFAULT;
    const period = resolveTimesheetPeriod(wanted, timeZone, now);
    if (!period) {
      throw badRequest(
        `Unknown period "${wanted}": use this_week, week_YYYY-MM-DD (a Monday) or month_YYYY_M, from September 2025 to now`,
      );
    }
    const { entries, latestReview } = await hubFor(c.env, location.id).entries(period);
    const staff = await staffHoursOf(c.env, db, location, period, now, countedSessions(entries));
    const listed = staff.filter(({ member }) => (employeeId ? member.id === employeeId : true));
    if (employeeId && listed.length === 0) throw notFound(EMPLOYEE_NOT_FOUND);
    const employees = buildTimesheet({
      entries,
      staff: listed
        .filter(({ member, hours }) => !member.deleted || hours.grossMinutes > 0 || employeeId)
        .map(({ member, hours }) => ({
          member: {
            id: member.id,
            name: fullNameOf(member),
            username: member.username,
            deleted: member.deleted,
          },
          hours,
        })),
      startDate: period.startDate,
      endDate: period.endDate,
      timeZone,
      now,
    });
    return c.json<TimesheetResponse>({
      period_info: periodInfoOf(period),
      employees,
      latest_review_date: latestReview === null ? null : localDateOf(latestReview, timeZone),
    });
  })

  .get("/:locationId/entries/:entryId/history", params(entryParams), ownedLocation, async (c) => {
    const { location } = c.var;
    const found = await hubFor(c.env, location.id).entryHistory(c.req.valid("param").entryId);
    if (!found) throw notFound(ENTRY_NOT_FOUND);
    const context = { now: Date.now(), timeZone: safeTimeZone(location.timezone) };
    return c.json<EntryHistoryResponse>({
      entry: toTimesheetEntry(found.entry, context),
      history: found.history,
    });
  })

  /** A shift the kiosk never saw (a forgotten check-in, a shift worked elsewhere). */
  .post(
    "/:locationId/entries",
    params(locationParams),
    jsonBody(addEntryRequest),
    ownedLocation,
    async (c) => {
      const body = c.req.valid("json");
      const entry = await correct(c, {
        kind: "add",
        employeeId: body.employee_id,
        checkIn: instant(body.check_in_at),
        checkOut: instant(body.check_out_at),
        breaks: intervals(body.breaks),
        reason: body.reason,
      });
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
