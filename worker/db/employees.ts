import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Employee } from "../contracts/employees";
import type { Location } from "../contracts/locations";
import { firstFreeUsername, usernameBase } from "../domain/usernames";
import { isUniqueViolation } from "../lib/d1-errors";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { employees, locations } from "./schema";

export type EmployeeRow = typeof employees.$inferSelect;

/** How staff are listed everywhere: by first then last name, ignoring case. */
export const BY_NAME = [
  sql`${employees.firstName} COLLATE NOCASE`,
  sql`${employees.lastName} COLLATE NOCASE`,
  employees.username,
];

/** An employee as D1 knows them; their status and whether they are checked in are their location's hub's to say. */
export type EmployeeRecord = Omit<
  Employee,
  "checked_in" | "current_status" | "status_note" | "status_start_date" | "status_end_date"
>;

const toEmployee = (e: EmployeeRow): EmployeeRecord => ({
  id: e.id,
  location_id: e.locationId,
  first_name: e.firstName,
  last_name: e.lastName,
  username: e.username,
  email: e.email,
  active: e.active,
  staff_app_invited_at: e.staffAppInvitedAt,
});

const viewsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select()
    .from(employees)
    .where(and(isNull(employees.deletedAt), where))
    .orderBy(...BY_NAME);

/** A location's employees, active and inactive (never deleted ones, never a PIN). */
export async function listEmployees(db: Db, locationId: string): Promise<EmployeeRecord[]> {
  return (await viewsWhere(db, eq(employees.locationId, locationId))).map(toEmployee);
}

/** One employee as the dashboard lists them; null once deleted (or for no such id). */
export async function employeeView(db: Db, id: string): Promise<EmployeeRecord | null> {
  const [row] = await viewsWhere(db, eq(employees.id, id));
  return row ? toEmployee(row) : null;
}

/** The caller's employee (not deleted, at one of their live locations) and that location, or null. */
export async function findOwnedEmployee(
  db: Db,
  userId: string,
  id: string,
): Promise<{ employee: EmployeeRow; location: Location } | null> {
  const row = await db
    .select({
      employee: employees,
      location: { id: locations.id, name: locations.name, timezone: locations.timezone },
    })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .where(
      and(
        eq(employees.id, id),
        isNull(employees.deletedAt),
        eq(locations.userId, userId),
        isNull(locations.deletedAt),
      ),
    )
    .get();
  return row ?? null;
}

/** What the audit log records about an employee: never the PIN or its hash (their status is the hub's). */
export const employeeSnapshot = (e: EmployeeRow) => ({
  first_name: e.firstName,
  last_name: e.lastName,
  username: e.username,
  active: e.active,
  ...(e.email ? { email: e.email } : {}),
});

/** Whether another of the account's employees (at any of its locations, deleted ones aside) has this address. */
export async function emailTaken(db: Db, userId: string, email: string, exceptId: string | null) {
  const row = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .where(
      and(
        eq(employees.email, email),
        isNull(employees.deletedAt),
        eq(locations.userId, userId),
        exceptId === null ? undefined : sql`${employees.id} <> ${exceptId}`,
      ),
    )
    .get();
  return row !== undefined;
}

async function freeUsername(db: Db, locationId: string, firstName: string, lastName: string) {
  const base = usernameBase(firstName, lastName);
  const rows = await db
    .select({ username: employees.username })
    .from(employees)
    .where(
      and(
        eq(employees.locationId, locationId),
        sql`(${employees.username} = ${base} OR ${employees.username} GLOB ${`${base}[0-9]*`})`,
      ),
    );
  return firstFreeUsername(base, new Set(rows.map((row) => row.username)));
}

export type NewEmployee = {
  /** Chosen by the caller, whose hub already holds the PIN's hash under it. */
  id: string;
  userId: string;
  actor: Actor;
  locationId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** `null`: no limit. */
  maxEmployees: number | null;
};

/** Why an employee was not added: the location is at its plan's limit, or every username tried was taken. */
export type NotCreated = "at_limit" | "no_free_username";

/**
 * Adds the employee only while the location is under its plan limit, checked in the same statement so
 * two simultaneous adds cannot both take the last place; the audit row commits with it. D1 keeps no PIN:
 * the location's hub does.
 */
export async function createEmployee(db: Db, input: NewEmployee): Promise<EmployeeRecord | NotCreated> {
  const { id } = input;
  const now = Date.now();
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(db, input.locationId, input.firstName, input.lastName);
    const after = {
      first_name: input.firstName,
      last_name: input.lastName,
      username,
      active: true,
      ...(input.email ? { email: input.email } : {}),
    };
    try {
      const [inserted] = await runBatch(db, [
        sql`
          INSERT INTO employees (id, location_id, first_name, last_name, username, email, pin_hash, created_at,
                                 updated_at)
          SELECT ${id}, ${input.locationId}, ${input.firstName}, ${input.lastName}, ${username}, ${input.email},
                 '', ${now}, ${now}
          WHERE ${input.maxEmployees === null ? 1 : 0} = 1
             OR (SELECT count(*) FROM employees
                 WHERE location_id = ${input.locationId} AND deleted_at IS NULL) < ${input.maxEmployees ?? 0}`,
        auditStatement({ ...auditTarget(input, id), action: "created", before: null, after }, AFTER_A_CHANGE),
      ]);
      if (inserted?.meta.changes !== 1) return "at_limit";
      const employee = await employeeView(db, id);
      if (!employee) throw new Error("The employee just inserted cannot be read back");
      return employee;
    } catch (error) {
      // Someone took the same username a moment ago: pick the next free one.
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 3) return "no_free_username";
    }
  }
}

const auditTarget = (input: { userId: string; actor: Actor; locationId: string }, employeeId: string) => ({
  userId: input.userId,
  actor: input.actor,
  locationId: input.locationId,
  entity: "employee" as const,
  entityId: employeeId,
});

/** An employee of this location (not deleted), or null: how per-location calls address staff. */
export async function findEmployeeAtLocation(db: Db, locationId: string, id: string) {
  const row = await db.query.employees.findFirst({
    where: and(eq(employees.id, id), eq(employees.locationId, locationId), isNull(employees.deletedAt)),
  });
  return row ?? null;
}

/**
 * Everyone ever employed at a location, deleted ones too: the hours and the compliance checks keep those
 * whose time counts over a period (worker/domain/staff-hours-rows.ts's staffWithTime).
 */
export const locationStaff = (db: Db, locationId: string) =>
  db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      username: employees.username,
      deletedAt: employees.deletedAt,
      createdAt: employees.createdAt,
    })
    .from(employees)
    .where(eq(employees.locationId, locationId));

/** The names and e-mail addresses of some of a location's employees, in one read: who the rota is sent to. */
export const employeeContacts = (db: Db, locationId: string, ids: readonly string[]) =>
  db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      email: employees.email,
    })
    .from(employees)
    .where(and(eq(employees.locationId, locationId), sql`${employees.id} IN ${idsIn(ids)}`));

/** An employee by id, archived or not, wherever they work: the rota says which of the two refusals applies. */
export async function findEmployeeById(db: Db, id: string): Promise<EmployeeRow | null> {
  return (await db.query.employees.findFirst({ where: eq(employees.id, id) })) ?? null;
}
