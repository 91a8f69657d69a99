import { createMiddleware } from "hono/factory";
import { EMPLOYEE_NOT_FOUND } from "../contracts/employees";
import { LOCATION_NOT_FOUND, type Location } from "../contracts/locations";
import { type EmployeeRow, findEmployeeAtLocation, findOwnedEmployee } from "../db/employees";
import { findOwnedLocation } from "../db/locations";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";

// What a manager's path names must be theirs. Each loads the record into `c.var` for the handler, or answers
// 404: another account's id is indistinguishable from an id that names nothing. They run inside the manager
// sub-app (after requireManager) and after the route's validators, so the ids are well-formed.

type WithLocation = { Variables: { location: Location } };
type WithEmployee = { Variables: { employee: EmployeeRow } };

/** `:locationId`, one of the caller's live locations, as `c.var.location`. */
export const ownedLocation = createMiddleware<AppEnv & WithLocation>(async (c, next) => {
  const location = await findOwnedLocation(c.var.db, c.var.user.id, c.req.param("locationId") ?? "");
  if (!location) throw notFound(LOCATION_NOT_FOUND);
  c.set("location", location);
  await next();
});

/** `:employeeId`, one of the caller's employees, as `c.var.employee`, and the location they work at. */
export const ownedEmployee = createMiddleware<AppEnv & WithLocation & WithEmployee>(async (c, next) => {
  const owned = await findOwnedEmployee(c.var.db, c.var.user.id, c.req.param("employeeId") ?? "");
  if (!owned) throw notFound(EMPLOYEE_NOT_FOUND);
  c.set("employee", owned.employee);
  c.set("location", owned.location);
  await next();
});

/** `:employeeId` among the staff of `c.var.location` (ownedLocation runs first), as `c.var.employee`. */
export const employeeAtLocation = createMiddleware<AppEnv & WithLocation & WithEmployee>(async (c, next) => {
  const employee = await findEmployeeAtLocation(c.var.db, c.var.location.id, c.req.param("employeeId") ?? "");
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  c.set("employee", employee);
  await next();
});
