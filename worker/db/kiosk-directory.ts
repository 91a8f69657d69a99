import { and, eq, isNull } from "drizzle-orm";
import type { EmployeeReference, KioskEmployee } from "../contracts/kiosk";
import type { Db } from "./client";
import { BY_NAME, type EmployeeRow } from "./employees";
import { openLocation } from "./locations";
import { employees } from "./schema";

// What an unauthenticated kiosk may read: a location's name and its active employees' names.

/** An open location's id, name and time zone (one table, no settings), or null when it is not live. */
export async function findOpenLocation(db: Db, id: string) {
  const row = await db.query.locations.findFirst({
    where: openLocation(id),
    columns: { id: true, name: true, timezone: true },
  });
  return row ?? null;
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

/** Every not-deleted employee of the location: what the hub decides punches against (it caches this). */
export function punchDirectory(db: Db, locationId: string): Promise<EmployeeRow[]> {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.locationId, locationId), isNull(employees.deletedAt)));
}

const sameText = (a: string, b: string) => a.localeCompare(b, "en-GB", { sensitivity: "accent" }) === 0;

/** The employee a kiosk submit names, by username or by first and last name (case-insensitive). */
export function findPunchingEmployee(directory: EmployeeRow[], who: EmployeeReference): Punching {
  const rows = directory.filter((row) =>
    "username" in who
      ? row.username === who.username.toLowerCase()
      : sameText(row.firstName, who.first_name) && sameText(row.lastName, who.last_name),
  );
  // Inactive namesakes do not make an active employee ambiguous.
  const active = rows.filter((row) => row.active);
  const candidates = active.length > 0 ? active : rows;
  const [employee] = candidates;
  if (!employee) return { found: "none" };
  if (candidates.length > 1) return { found: "several", name: `${employee.firstName} ${employee.lastName}` };
  return { found: "one", employee };
}
