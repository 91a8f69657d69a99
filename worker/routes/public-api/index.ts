import { Hono } from "hono";
import { EMPLOYEE_NOT_FOUND } from "../../contracts/employees";
import { LOCATION_NOT_FOUND } from "../../contracts/locations";
import { locationParams } from "../../contracts/params";
import {
  attendanceQuery,
  type Page,
  pageQuery,
  rangeQuery,
  syncQuery,
  type V1Approval,
  type V1Employee,
  type V1Entry,
  type V1Leave,
  type V1Location,
  type V1Shift,
  v1CreateEmployeeRequest,
  v1EmployeeParams,
  v1UpdateEmployeeRequest,
} from "../../contracts/public-api";
import { SHIFT_NOT_FOUND, shiftRequest } from "../../contracts/rota";
import { addEntryRequest } from "../../contracts/timesheets";
import type { EmployeeRow } from "../../db/employees";
import { findOwnedLocation } from "../../db/locations";
import { employeePayAt } from "../../db/pay-rules";
import { employeeForKey, employeesPage, leavePage, locationsPage } from "../../db/public-api";
import { safeTimeZone } from "../../domain/local-time";
import { pageOf } from "../../domain/pages";
import { hubFor } from "../../durable/client";
import { ApiError, notFound } from "../../lib/errors";
import { jsonBody, params, query } from "../../lib/validate";
import { requireApiKey } from "../../middleware/api-key";
import { ownedLocation } from "../../middleware/ownership";
import { actorOf } from "../../middleware/session";
import { addEmployee, changeEmployee } from "../../services/employee-writes";
import { correctEntry, entryAdded } from "../../services/entry-writes";
import { v1Approval, v1Employee, v1Entry, v1Leave, v1Location, v1Shift } from "../../services/public-records";
import { overlapDetail, shiftAsk } from "../../services/shift-writes";
import type { AppEnv } from "../../types";
import { pageAsk, rangeBounds } from "./paging";

// The public API, /api/v1 (docs/public-api.md): an API key's calls, and nothing else's. Every list is a page in id
// order; the key's scope and locations are checked by middleware/permission.ts, as a team member's role is.

type Vars = AppEnv["Variables"];

/** The employees as the key may see them: with pay only for a read-write key the account allows it. */
async function employeeRecords(c: { var: Vars }, rows: readonly EmployeeRow[]): Promise<V1Employee[]> {
  if (!c.var.member.apiKey?.seesPay) return rows.map((row) => v1Employee(row));
  const locationIds = [...new Set(rows.map((row) => row.locationId))];
  const pay = new Map(
    (await Promise.all(locationIds.map((id) => employeePayAt(c.var.db, id)))).flatMap((byId) => [...byId]),
  );
  return rows.map((row) => v1Employee(row, pay.get(row.id)));
}

/** One employee the key may see, archived or not; 404 as for another account's. */
async function employeeOf(c: { var: Vars }, id: string) {
  const row = await employeeForKey(c.var.db, c.var.user.id, c.var.member.locationIds, id);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return row;
}

/** A list narrowed to one location: another account's (or an archived one) is as unknown as any id. */
async function askFor(c: { var: Vars }, q: Parameters<typeof pageAsk>[0]) {
  const ask = pageAsk(q);
  if (ask.locationId !== undefined && !(await findOwnedLocation(c.var.db, c.var.user.id, ask.locationId))) {
    throw notFound(LOCATION_NOT_FOUND);
  }
  return ask;
}

const employees = new Hono<AppEnv>()
  .get("/", query(syncQuery), async (c) => {
    const ask = await askFor(c, c.req.valid("query"));
    const rows = await employeesPage(c.var.db, c.var.user.id, c.var.member.locationIds, ask);
    const page = pageOf(rows, null, ask.limit);
    return c.json<Page<V1Employee>>({ ...page, data: await employeeRecords(c, page.data) });
  })

  .get("/:employeeId", params(v1EmployeeParams), async (c) => {
    const row = await employeeOf(c, c.req.valid("param").employeeId);
    const [record] = await employeeRecords(c, [row]);
    return c.json<V1Employee>(record as V1Employee);
  })

  .post("/", jsonBody(v1CreateEmployeeRequest), async (c) => {
    const body = c.req.valid("json");
    const location = await findOwnedLocation(c.var.db, c.var.user.id, body.location_id);
    if (!location) throw notFound(LOCATION_NOT_FOUND);
    const writer = { env: c.env, db: c.var.db, user: c.var.user, actor: actorOf(c) };
    const created = await addEmployee(writer, location, body);
    const [record] = await employeeRecords(c, [await employeeOf(c, created.id)]);
    return c.json<V1Employee>(record as V1Employee, 201);
  })

  .patch("/:employeeId", params(v1EmployeeParams), jsonBody(v1UpdateEmployeeRequest), async (c) => {
    const employee = await employeeOf(c, c.req.valid("param").employeeId);
    if (employee.deletedAt !== null) throw notFound(EMPLOYEE_NOT_FOUND);
    const writer = { env: c.env, db: c.var.db, user: c.var.user, actor: actorOf(c) };
    await changeEmployee(writer, employee, c.req.valid("json"));
    const [record] = await employeeRecords(c, [await employeeOf(c, employee.id)]);
    return c.json<V1Employee>(record as V1Employee);
  });

/** A location's records that live in its hub: attendance, shifts, approved pay periods, by date range. */
const atLocation = new Hono<AppEnv>()
  .get(
    "/:locationId/attendance",
    params(locationParams),
    query(attendanceQuery),
    ownedLocation,
    async (c) => {
      const q = c.req.valid("query");
      const { location } = c.var;
      const found = await hubFor(c.env, location.id).attendance(rangeBounds(q, location.timezone));
      const approved = (entry: { employeeId: string; checkIn: number }) =>
        found.approvals.some(
          (a) => a.employeeId === entry.employeeId && a.start <= entry.checkIn && entry.checkIn < a.end,
        );
      const entries = found.entries
        .map((entry) => ({ entry, approved: approved(entry) }))
        .filter((row) => q.state !== "approved" || row.approved)
        .map(({ entry, approved }) => ({ ...entry, approved }));
      const ask = pageAsk(q);
      const page = pageOf(entries, ask.after, ask.limit);
      return c.json<Page<V1Entry>>({ ...page, data: page.data.map((e) => v1Entry(e, e.approved)) });
    },
  )

  .get("/:locationId/shifts", params(locationParams), query(rangeQuery), ownedLocation, async (c) => {
    const q = c.req.valid("query");
    const { location } = c.var;
    const shifts = await hubFor(c.env, location.id).plannedShifts(rangeBounds(q, location.timezone));
    const ask = pageAsk(q);
    const page = pageOf(shifts, ask.after, ask.limit);
    return c.json<Page<V1Shift>>({ ...page, data: page.data.map(v1Shift) });
  })

  .get("/:locationId/pay-periods", params(locationParams), query(rangeQuery), ownedLocation, async (c) => {
    const q = c.req.valid("query");
    const { location } = c.var;
    const found = await hubFor(c.env, location.id).attendance(rangeBounds(q, location.timezone));
    const ask = pageAsk(q);
    const page = pageOf(found.approvals.map(v1Approval), ask.after, ask.limit);
    return c.json<Page<V1Approval>>(page);
  });

/** The key's writes at a location: a shift on the rota, an entry in the timesheet with its reason. */
const writesAtLocation = new Hono<AppEnv>()
  .post("/:locationId/shifts", params(locationParams), jsonBody(shiftRequest), ownedLocation, async (c) => {
    const { location } = c.var;
    const { fields, name } = await shiftAsk(c.var.db, location.id, c.req.valid("json"));
    const zone = safeTimeZone(location.timezone);
    const result = await hubFor(c.env, location.id).addShift(fields, zone, actorOf(c));
    if (!result.ok && result.refusal === "not_found") throw notFound(SHIFT_NOT_FOUND);
    if (!result.ok) throw new ApiError(409, overlapDetail(name, result.clash, zone));
    return c.json<V1Shift>(v1Shift(result.shift), 201);
  })

  .post(
    "/:locationId/timesheet-entries",
    params(locationParams),
    jsonBody(addEntryRequest),
    ownedLocation,
    async (c) => {
      const at = { accountId: c.var.user.id, locationId: c.var.location.id };
      const entry = await correctEntry(c.env, at, entryAdded(c.req.valid("json")), actorOf(c));
      return c.json<V1Entry>(v1Entry(entry, false), 201);
    },
  );

export const publicApi = new Hono<AppEnv>()
  .use(requireApiKey)
  .get("/locations", query(pageQuery), async (c) => {
    const ask = pageAsk(c.req.valid("query"));
    const rows = await locationsPage(c.var.db, c.var.user.id, c.var.member.locationIds, ask);
    const page = pageOf(rows, null, ask.limit);
    return c.json<Page<V1Location>>({ ...page, data: page.data.map(v1Location) });
  })
  .route("/locations", atLocation)
  .route("/locations", writesAtLocation)
  .route("/employees", employees)
  .get("/leave", query(syncQuery), async (c) => {
    const ask = await askFor(c, c.req.valid("query"));
    const rows = await leavePage(c.var.db, c.var.user.id, c.var.member.locationIds, ask);
    const page = pageOf(
      rows.map((row) => ({ id: row.request.id, row })),
      null,
      ask.limit,
    );
    return c.json<Page<V1Leave>>({
      ...page,
      data: page.data.map(({ row }) => v1Leave(row.request, row.updatedAt)),
    });
  });

export type PublicApiType = typeof publicApi;
