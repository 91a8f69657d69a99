import { and, eq, isNull, sql } from "drizzle-orm";
import type { EmployeeReference, KioskEmployee } from "../contracts/kiosk";
import { notFound } from "../lib/errors";
import type { Db } from "./client";
import { BY_NAME, type EmployeeRow } from "./employees";
import { employees, locations } from "./schema";

// What an unauthenticated kiosk may read: a location's name and its active employees' names.

export async function kioskLocation(db: Db, id: string) {
  const row = await db.query.locations.findFirst({
    where: and(eq(locations.id, id), isNull(locations.deletedAt)),
    columns: { id: true, name: true, timezone: true },
  });
  if (!row) throw notFound("Location not found");
  return row;
}

/** Active, not deleted, by first then last name. */
export async function kioskEmployees(db: Db, locationId: string): Promise<KioskEmployee[]> {
  return db
    .select({
      id: employees.id,
      first_name: employees.firstName,
      last_name: employees.lastName,
      username: employees.username,
    })
    .from(employees)
    .where(and(eq(employees.locationId, locationId), eq(employees.active, true), isNull(employees.deletedAt)))
    .orderBy(...BY_NAME);
}

export type Punching =
  | { found: "one"; employee: EmployeeRow }
  | { found: "none" }
  | { found: "several"; name: string };

/** The (not deleted) employee a kiosk submit names, by username or by first and last name. */
export async function findPunchingEmployee(
  db: Db,
  locationId: string,
  who: EmployeeReference,
): Promise<Punching> {
  const match =
    "username" in who
      ? sql`${employees.username} = ${who.username.toLowerCase()}`
      : sql`${employees.firstName} = ${who.first_name} COLLATE NOCASE AND ${employees.lastName} = ${who.last_name} COLLATE NOCASE`;
  const rows = await db
    .select()
    .from(employees)
    .where(and(eq(employees.locationId, locationId), isNull(employees.deletedAt), match))
    .limit(5);
  // Inactive namesakes do not make an active employee ambiguous.
  const active = rows.filter((row) => row.active);
  const candidates = active.length > 0 ? active : rows;
  const [employee] = candidates;
  if (!employee) return { found: "none" };
  if (candidates.length > 1) return { found: "several", name: `${employee.firstName} ${employee.lastName}` };
  return { found: "one", employee };
}
