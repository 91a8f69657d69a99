import { and, eq, isNull } from "drizzle-orm";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { type EmployeeRow, employeeSnapshot } from "./employees";
import { employees } from "./schema";
import { endStaffAccess } from "./staff-app-ends";
import { deleteStaffPasskeys } from "./staff-passkeys";

// Every change a manager makes to an employee: the change and its audit row in one D1 batch (one
// transaction), the audit row written only if the change touched the row. A change that takes the staff app
// away (deactivated, archived, e-mail address removed or changed) ends their staff sessions in the same batch.

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
    db
      .update(employees)
      .set({ active, updatedAt: change.now ?? Date.now() })
      .where(stillThere(employee.id)),
    audit(
      change,
      active ? "activated" : "deactivated",
      employeeSnapshot(employee),
      employeeSnapshot(updated),
    ),
    ...(active ? [] : endStaffAccess(db, [employee.id])),
  ]);
}

/**
 * New names, and the e-mail address when given (undefined keeps it, null clears it). A new or removed address
 * may mean a new person behind it: the staff app's sessions, push subscriptions and passkeys of the old one go.
 */
export async function rename(change: Change, firstName: string, lastName: string, email?: string | null) {
  const { db, employee } = change;
  const set = email === undefined ? { firstName, lastName } : { firstName, lastName, email };
  const updated = { ...employee, ...set };
  const addressChanged = email !== undefined && email !== employee.email;
  await runBatch(db, [
    db
      .update(employees)
      .set({ ...set, updatedAt: change.now ?? Date.now() })
      .where(stillThere(employee.id)),
    audit(change, "renamed", employeeSnapshot(employee), employeeSnapshot(updated)),
    ...(addressChanged ? [...endStaffAccess(db, [employee.id]), deleteStaffPasskeys(db, [employee.id])] : []),
  ]);
}

/** Soft delete: the row, its sessions and its history stay for pay records and reports. */
export async function softDelete(change: Change) {
  const { db, employee } = change;
  const now = change.now ?? Date.now();
  await runBatch(db, [
    db.update(employees).set({ deletedAt: now, updatedAt: now }).where(stillThere(employee.id)),
    audit(change, "deleted", employeeSnapshot(employee), null),
    ...endStaffAccess(db, [employee.id]),
  ]);
}
