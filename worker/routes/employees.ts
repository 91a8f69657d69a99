import { Hono } from "hono";
import {
  type CloseSessionResponse,
  changePinRequest,
  changeStatusRequest,
  createEmployeeRequest,
  EMPLOYEE_NOT_FOUND,
  type EmployeeResponse,
  type EmployeesResponse,
  END_BEFORE_START,
  employeeParams,
  locationEmployeeParams,
  renameRequest,
  type SuccessResponse,
  setActiveRequest,
} from "../contracts/employees";
import type { Location } from "../contracts/locations";
import { locationParams } from "../contracts/params";
import { type EmployeeRow, employeeView, findOwnedEmployee, listEmployees } from "../db/employees";
import { hoursAndMinutes, sessionMinutes } from "../domain/durations";
import { localDate, localTime, safeTimeZone } from "../domain/local-time";
import { hubFor, notifyHub, PERIOD_LOCKED } from "../durable/client";
import { appSecret } from "../lib/config";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { hashPin } from "../lib/pins";
import { jsonBody, noBody, params } from "../lib/validate";
import { ownedEmployee, ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import {
  addEmployee,
  archiveEmployee,
  changeEmployee,
  type EmployeeWriter,
} from "../services/employee-writes";
import { closeSessionAtHub, withHubState } from "../services/location-hubs";
import type { AppEnv } from "../types";

// Spec §7 manager data: /api/manager/employees/... Every id is checked against the caller's account.

type ChangeContext = { var: AppEnv["Variables"] & { employee: EmployeeRow; location: Location }; env: Env };

/** The caller, making a change (services/employee-writes.ts). */
const writerOf = (c: ChangeContext): EmployeeWriter => ({
  env: c.env,
  db: c.var.db,
  user: c.var.user,
  actor: actorOf(c),
});

/** After a change to one employee: the hub and dashboards hear of it, the caller gets the fresh row. */
async function freshEmployee(c: ChangeContext) {
  await notifyHub(c.env, c.var.location.id, "employees");
  const employee = await employeeView(c.var.db, c.var.employee.id);
  // Deleted by someone else a moment ago: as gone as any unknown id.
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  const [fresh] = await withHubState(c.env, c.var.location.id, [employee]);
  if (!fresh) throw notFound(EMPLOYEE_NOT_FOUND);
  return fresh;
}

/** Someone just added: active, no status period yet, not checked in. */
const NEW_EMPLOYEE_STATE = {
  current_status: "active",
  status_note: null,
  status_start_date: null,
  status_end_date: null,
  checked_in: false,
} as const;

export const employeeRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    const employees = await withHubState(c.env, location.id, await listEmployees(db, location.id));
    return c.json<EmployeesResponse>({ employees });
  })

  .post("/:locationId", params(locationParams), jsonBody(createEmployeeRequest), ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const body = c.req.valid("json");
    if (body.location_id !== undefined && body.location_id !== location.id) {
      throw badRequest("location_id does not match the location in the address");
    }
    const employee = await addEmployee({ env: c.env, db, user, actor: actorOf(c) }, location, body);
    const created = { ...employee, ...NEW_EMPLOYEE_STATE };
    return c.json<EmployeeResponse>({ success: true, employee: created }, 201);
  })

  .put("/:employeeId", params(employeeParams), jsonBody(setActiveRequest), ownedEmployee, async (c) => {
    await changeEmployee(writerOf(c), c.var.employee, { active: c.req.valid("json").active });
    return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c) });
  })

  .delete("/:employeeId", params(employeeParams), noBody, ownedEmployee, async (c) => {
    await archiveEmployee(writerOf(c), c.var.employee);
    return c.json<SuccessResponse>({ success: true });
  })

  .put("/:employeeId/pin", params(employeeParams), jsonBody(changePinRequest), ownedEmployee, async (c) => {
    const { employee, location } = c.var;
    const pinHash = await hashPin(appSecret(c.env), employee.id, c.req.valid("json").pin);
    // The hub owns PINs: the change and its audit row are one write there.
    if (!(await hubFor(c.env, location.id).changePin(employee.id, pinHash, actorOf(c)))) {
      throw notFound(EMPLOYEE_NOT_FOUND);
    }
    return c.json<SuccessResponse>({ success: true });
  })

  .put("/:employeeId/name", params(employeeParams), jsonBody(renameRequest), ownedEmployee, async (c) => {
    await changeEmployee(writerOf(c), c.var.employee, c.req.valid("json"));
    return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c) });
  })

  .put(
    "/:employeeId/status",
    params(employeeParams),
    jsonBody(changeStatusRequest),
    ownedEmployee,
    async (c) => {
      const body = c.req.valid("json");
      // Without a start date the period starts today, the location's today.
      const startDate = body.start_date ?? localDate(Date.now(), safeTimeZone(c.var.location.timezone));
      const endDate = body.end_date ?? null;
      if (endDate !== null && endDate < startDate) throw badRequest(END_BEFORE_START);
      const period = { status: body.status, note: body.note || null, startDate, endDate };
      // The hub owns statuses and their history: the change and its audit row are one write there.
      if (!(await hubFor(c.env, c.var.location.id).changeStatus(c.var.employee.id, period, actorOf(c)))) {
        throw notFound(EMPLOYEE_NOT_FOUND);
      }
      return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c) });
    },
  )

  .post(
    "/:locationId/:employeeId/close-session",
    params(locationEmployeeParams),
    noBody,
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      // Any of the caller's employees is found; one of another of their locations is told so.
      const owned = await findOwnedEmployee(db, user.id, c.req.valid("param").employeeId);
      if (!owned) throw notFound(EMPLOYEE_NOT_FOUND);
      const { employee } = owned;
      if (employee.locationId !== location.id) {
        throw badRequest("This employee does not work at this location");
      }
      const now = Date.now();
      const session = await closeSessionAtHub(c.env, db, user.id, actorOf(c), location.id, employee.id, now, {
        refuseIfLocked: true,
      });
      if (session === "locked") throw new ApiError(409, PERIOD_LOCKED);
      if (!session) throw badRequest(`${employee.firstName} ${employee.lastName} is not checked in`);
      const zone = safeTimeZone(location.timezone);
      // Worked as the kiosk and the timesheet count it: less its breaks, on clock minutes.
      const breaks = await hubFor(c.env, location.id).breaksOf([session.id]);
      const worked = hoursAndMinutes(
        sessionMinutes({ checkIn: session.checkIn, checkOut: now, breaks }, now),
      );
      const message = `Session closed at ${localTime(now, zone)} — worked ${worked}`;
      return c.json<CloseSessionResponse>({ success: true, message });
    },
  );
