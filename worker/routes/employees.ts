import { Hono } from "hono";
import {
  type CloseSessionResponse,
  changePinRequest,
  changeStatusRequest,
  createEmployeeRequest,
  type EmployeeResponse,
  type EmployeesResponse,
  END_BEFORE_START,
  renameRequest,
  type SuccessResponse,
  setActiveRequest,
} from "../contracts/employees";
import { closeSessionByManager, openSession } from "../db/attendance";
import type { Db } from "../db/client";
import { type Change, changePin, changeStatus, rename, setActive, softDelete } from "../db/employee-changes";
import { createEmployee, employeeView, listEmployees, ownedEmployee } from "../db/employees";
import { ownedLocation } from "../db/locations";
import { formatDuration, localDate, localTime, safeTimeZone } from "../domain/local-time";
import { employeeLimitMessage, maxEmployeesFor } from "../domain/plans";
import { appSecret } from "../lib/config";
import { badRequest, forbidden } from "../lib/errors";
import { notifyHub } from "../lib/hub";
import { jsonBody, noBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// Spec §7 manager data: /api/manager/employees/... Every id is checked against the caller's account.

export const employeeRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .get("/:locationId", async (c) => {
    const db = c.get("db");
    const location = await ownedLocation(db, c.get("user").id, c.req.param("locationId"));
    return c.json<EmployeesResponse>({ employees: await listEmployees(db, location.id) });
  })

  .post("/:locationId", jsonBody(createEmployeeRequest), async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    const location = await ownedLocation(db, user.id, c.req.param("locationId"));
    const body = c.req.valid("json");
    if (body.location_id !== undefined && body.location_id !== location.id) {
      throw badRequest("location_id does not match the location in the address");
    }
    const employee = await createEmployee(db, appSecret(c.env), {
      userId: user.id,
      locationId: location.id,
      firstName: body.first_name,
      lastName: body.last_name,
      pin: body.pin,
      maxEmployees: maxEmployeesFor(user),
    });
    if (!employee) throw forbidden(employeeLimitMessage(user));
    await notifyHub(c.env, location.id, "employees");
    return c.json<EmployeeResponse>({ success: true, employee }, 201);
  })

  .put("/:id", jsonBody(setActiveRequest), async (c) => {
    const change = await changeOf(c.get("db"), c.get("user").id, c.req.param("id"));
    await setActive(change, c.req.valid("json").active);
    return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c.env, change) });
  })

  .delete("/:id", noBody, async (c) => {
    const change = await changeOf(c.get("db"), c.get("user").id, c.req.param("id"));
    await softDelete(change);
    await notifyHub(c.env, change.employee.locationId, "employees");
    return c.json<SuccessResponse>({ success: true });
  })

  .put("/:id/pin", jsonBody(changePinRequest), async (c) => {
    const change = await changeOf(c.get("db"), c.get("user").id, c.req.param("id"));
    await changePin(change, appSecret(c.env), c.req.valid("json").pin);
    // The hub keeps the location's employees (PIN hashes included) between punches: drop them now.
    await notifyHub(c.env, change.employee.locationId, "employees");
    return c.json<SuccessResponse>({ success: true });
  })

  .put("/:id/name", jsonBody(renameRequest), async (c) => {
    const change = await changeOf(c.get("db"), c.get("user").id, c.req.param("id"));
    const body = c.req.valid("json");
    await rename(change, body.first_name, body.last_name);
    return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c.env, change) });
  })

  .put("/:id/status", jsonBody(changeStatusRequest), async (c) => {
    const db = c.get("db");
    const change = await changeOf(db, c.get("user").id, c.req.param("id"));
    const body = c.req.valid("json");
    const location = await ownedLocation(db, change.userId, change.employee.locationId);
    // Without a start date the period starts today, the location's today.
    const startDate = body.start_date ?? localDate(Date.now(), safeTimeZone(location.timezone));
    const endDate = body.end_date ?? null;
    if (endDate !== null && endDate < startDate) throw badRequest(END_BEFORE_START);
    await changeStatus(change, { status: body.status, note: body.note || null, startDate, endDate });
    return c.json<EmployeeResponse>({ success: true, employee: await freshEmployee(c.env, change) });
  })

  .post("/:locationId/:employeeId/close-session", noBody, async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    const location = await ownedLocation(db, userId, c.req.param("locationId"));
    const employee = await ownedEmployee(db, userId, c.req.param("employeeId"));
    if (employee.locationId !== location.id) throw badRequest("This employee does not work at this location");
    const session = await openSession(db, employee.id);
    const now = Date.now();
    if (!session || !(await closeSessionByManager(db, userId, session, now))) {
      throw badRequest(`${employee.firstName} ${employee.lastName} is not checked in`);
    }
    await notifyHub(c.env, location.id, "attendance");
    const zone = safeTimeZone(location.timezone);
    const message = `Session closed at ${localTime(now, zone)} — worked ${formatDuration(now - session.checkInAt)}`;
    return c.json<CloseSessionResponse>({ success: true, message });
  });

async function changeOf(db: Db, userId: string, employeeId: string): Promise<Change> {
  return { db, userId, employee: await ownedEmployee(db, userId, employeeId) };
}

/** After a change to one employee: dashboards hear of it, the caller gets the fresh row. */
async function freshEmployee(env: Env, change: Change) {
  await notifyHub(env, change.employee.locationId, "employees");
  return employeeView(change.db, change.employee.id);
}
