import { and, eq, isNull } from "drizzle-orm";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { type EmployeeRow, employeeSnapshot } from "./employees";
import { employees } from "./schema";

// Every change a manager makes to an employee: the change and its audit row in one D1 batch (one
// transaction), the audit row written only if the change touched the row.

export type Change = { db: Db; userId: string; actor: Actor; employee: EmployeeRow; now?: number };

const stillThere = (id: string) => and(eq(employees.id, id), isNull(employees.deletedAt));

function audit(change: Change, action: string, before: object | null, after: object | null) {
  const { userId, actor, employee } = change;
  const entry = {
    userId,
    actor,
    locationId: employee.locationId,
    entity: "employee" as const,
    entityId: employee.id,
  };
  return auditStatement({ ...entry, action, before, after }, AFTER_A_CHANGE, change.now);
}

export async function setActive(change: Change, active: boolean) {
  const { db, employee } = change;
  const updated = { ...employee, active };
  await runBatch(db, [
    db.update(employees).set({ active }).where(stillThere(employee.id)),
    audit(
      change,
      active ? "activated" : "deactivated",
      employeeSnapshot(employee),
      employeeSnapshot(updated),
    ),
  ]);
}

/** New names, and the e-mail address when given (undefined keeps it, null clears it). */
export async function rename(change: Change, firstName: string, lastName: string, email?: string | null) {
  const { db, employee } = change;
  const set = email === undefined ? { firstName, lastName } : { firstName, lastName, email };
  const updated = { ...employee, ...set };
  await runBatch(db, [
    db.update(employees).set(set).where(stillThere(employee.id)),
    audit(change, "renamed", employeeSnapshot(employee), employeeSnapshot(updated)),
  ]);
}

/** Soft delete: the row, its sessions and its history stay for pay records and reports. */
export async function softDelete(change: Change) {
  const { db, employee } = change;
  const now = change.now ?? Date.now();
  await runBatch(db, [
    db.update(employees).set({ deletedAt: now }).where(stillThere(employee.id)),
    audit(change, "deleted", employeeSnapshot(employee), null),
  ]);
}
