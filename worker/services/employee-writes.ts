import { EMAIL_TAKEN } from "../contracts/employees";
import type { Location } from "../contracts/locations";
import type { UserRow } from "../db/accounts";
import type { Actor } from "../db/audit";
import type { Db } from "../db/client";
import { rename, setActive, softDelete } from "../db/employee-changes";
import {
  createEmployee,
  type EmployeeRecord,
  type EmployeeRow,
  emailTaken,
  findEmployeeById,
} from "../db/employees";
import { employeeLimitMessage, maxEmployeesFor } from "../domain/plans";
import { hubFor, notifyHub } from "../durable/client";
import { appSecret } from "../lib/config";
import { newId } from "../lib/crypto";
import { ApiError, badRequest, forbidden } from "../lib/errors";
import { hashPin } from "../lib/pins";
import { closeSessionAtHub } from "./location-hubs";
import { v1Employee } from "./public-records";
import { publishEvent } from "./webhook-events";

// Adding and changing an employee, for the dashboard (routes/employees.ts) and the public API
// (routes/public-api): the same checks, the same audit rows, the same word to the location's hub.

export type EmployeeWriter = { env: Env; db: Db; user: UserRow; actor: Actor };

/** Refuses an address another of the account's employees already has. */
export async function refuseTakenEmail(
  db: Db,
  userId: string,
  email: string | null | undefined,
  exceptId: string | null,
) {
  if (email && (await emailTaken(db, userId, email, exceptId))) throw new ApiError(409, EMAIL_TAKEN);
}

export type NewStaff = { first_name: string; last_name: string; pin: string; email?: string | null };

/** Adds someone to the location, within the plan's limit; the hub holds their PIN before D1 lists them. */
export async function addEmployee(
  writer: EmployeeWriter,
  location: Location,
  body: NewStaff,
): Promise<EmployeeRecord> {
  const { env, db, user } = writer;
  await refuseTakenEmail(db, user.id, body.email, null);
  // The hub holds the PIN before D1 lists the employee, so they can punch the moment they exist.
  const id = newId();
  const hub = hubFor(env, location.id);
  await hub.storePin(id, await hashPin(appSecret(env), id, body.pin));
  const employee = await createEmployee(db, {
    id,
    userId: user.id,
    actor: writer.actor,
    locationId: location.id,
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email ?? null,
    maxEmployees: maxEmployeesFor(user),
  }).catch(async (error: unknown) => {
    await hub.dropPin(id);
    throw error;
  });
  if (employee === "at_limit" || employee === "no_free_username") {
    await hub.dropPin(id);
    if (employee === "at_limit") throw forbidden(employeeLimitMessage(user));
    throw badRequest("Could not choose a username for this employee. Please try again.");
  }
  await notifyHub(env, location.id, "employees");
  await publishEmployee(writer, employee.id, "employee.created");
  return employee;
}

/** The employee.* webhook event, with the employee as the public API shows them (docs/webhooks.md). */
async function publishEmployee(
  writer: EmployeeWriter,
  id: string,
  type: "employee.created" | "employee.updated" | "employee.archived",
) {
  const row = await findEmployeeById(writer.db, id);
  if (row) await publishEvent(writer.env, writer.user.id, { type, data: { employee: v1Employee(row) } });
}

export type StaffChanges = {
  first_name?: string;
  last_name?: string;
  email?: string | null;
  active?: boolean;
};

/**
 * Names, address and whether they are active, each as the dashboard changes it (an audit row each);
 * someone deactivated has their open session closed, as they can no longer check out at the kiosk.
 */
export async function changeEmployee(writer: EmployeeWriter, employee: EmployeeRow, changes: StaffChanges) {
  const { env, db, user, actor } = writer;
  const change = { db, userId: user.id, actor, employee };
  const renamed =
    changes.first_name !== undefined || changes.last_name !== undefined || changes.email !== undefined;
  if (renamed) {
    await refuseTakenEmail(db, user.id, changes.email, employee.id);
    await rename(
      change,
      changes.first_name ?? employee.firstName,
      changes.last_name ?? employee.lastName,
      changes.email,
    );
  }
  const activeChanged = changes.active !== undefined && changes.active !== employee.active;
  if (activeChanged) await setActive(change, changes.active === true);
  await notifyHub(env, employee.locationId, "employees");
  // The hub has heard they may not punch, so no check-in can slip in before the close.
  if (activeChanged && !changes.active) {
    await closeSessionAtHub(env, db, user.id, actor, employee.locationId, employee.id);
  }
  await publishEmployee(writer, employee.id, "employee.updated");
}

/** Archives the employee (their records stay), closing any open session as they can no longer check out. */
export async function archiveEmployee(writer: EmployeeWriter, employee: EmployeeRow) {
  const { env, db, user, actor } = writer;
  await softDelete({ db, userId: user.id, actor, employee });
  await notifyHub(env, employee.locationId, "employees");
  await closeSessionAtHub(env, db, user.id, actor, employee.locationId, employee.id);
  await publishEmployee(writer, employee.id, "employee.archived");
}
