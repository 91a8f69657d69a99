import { Hono } from "hono";
import { locationParams } from "../contracts/params";
import {
  type EmployeePayListResponse,
  type EmployeePayResponse,
  employeePayParams,
  employeePayRequest,
  PAYROLL_ID_TAKEN,
} from "../contracts/pay";
import { employeePayAt, readEmployeePay, saveEmployeePay } from "../db/pay-rules";
import { notifyHub } from "../durable/client";
import { ApiError, badRequest } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody, params } from "../lib/validate";
import { employeeAtLocation, ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// Employees' pay terms (docs/payroll-exports.md): the payroll ID (works number) exports match on, contracted weekly hours
// (overtime only beyond them) and an hourly rate; and the working-time facts (docs/compliance.md: date of birth,
// irregular hours, the 48-hour opt-out; for the minimum wage, an apprenticeship's start and living accommodation),
// which only the account holder sees. Reading is open to every plan; changing needs Pro or
// Business, with payroll.

export const employeePayRoutes = new Hono<AppEnv>()
  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const terms = await employeePayAt(c.var.db, c.var.location.id);
    return c.json<EmployeePayListResponse>({ employee_pay: [...terms.values()] });
  })

  .get("/:locationId/:employeeId", params(employeePayParams), ownedLocation, employeeAtLocation, async (c) =>
    c.json<EmployeePayResponse>({ employee_pay: await readEmployeePay(c.var.db, c.var.employee.id) }),
  )

  .put(
    "/:locationId/:employeeId",
    params(employeePayParams),
    jsonBody(employeePayRequest),
    ownedLocation,
    employeeAtLocation,
    async (c) => {
      const { db, user, employee } = c.var;
      requireFeature(user, "payroll");
      const saved = await saveEmployeePay(db, user.id, actorOf(c), employee, c.req.valid("json"));
      if (saved.kind === "payroll_id_taken") throw new ApiError(409, PAYROLL_ID_TAKEN);
      if (saved.kind === "invalid") throw badRequest(saved.detail);
      // The hub warns live about young workers: it keeps the day each employee turns 18.
      await notifyHub(c.env, employee.locationId, "employees");
      return c.json<EmployeePayResponse>({ employee_pay: saved.pay });
    },
  );
