import { Hono } from "hono";
import {
  EXPORT_THROTTLED,
  QUERY_DATE_OUT_OF_RANGE,
  type StaffHoursResponse,
  type StaffQueriesResponse,
  type StaffQueryResponse,
  staffHoursQuery,
  staffQueryRequest,
} from "../../contracts/staff-hours";
import { hit } from "../../db/rate-limits";
import { payPeriodOf } from "../../domain/pay-periods";
import { QUERY_LOOKBACK_DAYS, queryView } from "../../domain/staff-queries";
import { addDays, localDateOf } from "../../domain/time-zone";
import { hubFor } from "../../durable/client";
import { ApiError, badRequest, tooManyRequests } from "../../lib/errors";
import { jsonBody, query } from "../../lib/validate";
import { myDataZip } from "../../services/my-data";
import { staffHoursOfPeriod, staffPeriod } from "../../services/staff-hours-view";
import type { AppEnv } from "../../types";

// The staff app: my hours, queries about them, and my data (docs/staff-app.md). Mounted at /api/staff/me behind
// the staff session guard; every call reads or writes the signed-in employee's own records only.

const QUERY_REFUSED = { not_found: 404, conflict: 409 } as const;
const EXPORTS_PER_HOUR = { limit: 3, windowMs: 60 * 60_000 };

export const staffHoursRoutes = new Hono<AppEnv>()
  .get("/hours", query(staffHoursQuery), async (c) => {
    const { staff, db } = c.var;
    const hours = await staffHoursOfPeriod(
      c.env,
      db,
      staff.location,
      staff.employeeId,
      c.req.valid("query").period,
    );
    return c.json<StaffHoursResponse>(hours);
  })

  .get("/queries", async (c) => {
    const { staff } = c.var;
    const queries = await hubFor(c.env, staff.location.id).queriesOf(staff.employeeId);
    return c.json<StaffQueriesResponse>({ queries: queries.map(queryView) });
  })

  /** "Something's wrong" on an entry, or "I worked but there's no entry" on a day: an exception for the manager. */
  .post("/queries", jsonBody(staffQueryRequest), async (c) => {
    const { staff, db } = c.var;
    const body = c.req.valid("json");
    if (body.date !== undefined) {
      const now = Date.now();
      const { at, schedule } = await staffPeriod(db, staff.location, undefined, now);
      const today = localDateOf(now, at.timeZone);
      const periodStart = payPeriodOf(schedule, today).startDate;
      const lookback = addDays(today, -QUERY_LOOKBACK_DAYS);
      const [earliest = lookback] = [periodStart, lookback].sort();
      if (body.date < earliest || body.date > today) throw badRequest(QUERY_DATE_OUT_OF_RANGE);
    }
    const about = body.entry_id !== undefined ? { entryId: body.entry_id } : { day: body.date as string };
    const result = await hubFor(c.env, staff.location.id).raiseQuery(staff.employeeId, about, body.note);
    if (!result.ok) throw new ApiError(QUERY_REFUSED[result.refusal], result.detail);
    return c.json<StaffQueryResponse>({ query: queryView(result.query) }, 201);
  })

  /** Their own records as a ZIP of CSVs (a subject access request without asking the manager). */
  .get("/export", async (c) => {
    const { staff, db } = c.var;
    const allowed = await hit(db, `staff-export:${staff.employeeId}`, EXPORTS_PER_HOUR);
    if (!allowed.allowed) throw tooManyRequests(EXPORT_THROTTLED, allowed.retryAfter);
    const { zip, filename } = await myDataZip(c.env, db, staff, Date.now());
    return c.body(zip, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    });
  });
