import { and, eq, isNull } from "drizzle-orm";
import type { EmployeeStatus } from "../contracts/employees";
import { newId } from "../lib/crypto";
import { hashPin } from "../lib/pins";
import { AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { type EmployeeRow, employeeSnapshot } from "./employees";
import { employeeStatusHistory, employees } from "./schema";

// Every change a manager makes to an employee: the change and its audit row in one D1 batch (one
// transaction), the audit row written only if the change touched the row.

export type Change = { db: Db; userId: string; employee: EmployeeRow; now?: number };

const stillThere = (id: string) => and(eq(employees.id, id), isNull(employees.deletedAt));

function audit(change: Change, action: string, before: object | null, after: object | null) {
  const { userId, employee } = change;
  const entry = {
    userId,
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

export async function rename(change: Change, firstName: string, lastName: string) {
  const { db, employee } = change;
  const updated = { ...employee, firstName, lastName };
  await runBatch(db, [
    db.update(employees).set({ firstName, lastName }).where(stillThere(employee.id)),
    audit(change, "renamed", employeeSnapshot(employee), employeeSnapshot(updated)),
  ]);
}

export async function changePin(change: Change, secret: string, pin: string) {
  const { db, employee } = change;
  await runBatch(db, [
    db
      .update(employees)
      .set({ pinHash: await hashPin(secret, employee.id, pin) })
      .where(stillThere(employee.id)),
    // The log says that the PIN changed, never what to.
    audit(change, "pin_changed", null, { pin: "changed" }),
  ]);
}

export type StatusPeriod = {
  status: EmployeeStatus;
  note: string | null;
  startDate: string;
  endDate: string | null;
};

export async function changeStatus(change: Change, period: StatusPeriod) {
  const { db, employee, userId } = change;
  const now = change.now ?? Date.now();
  const updated = { ...employee, currentStatus: period.status, statusNote: period.note };
  const dates = { start_date: period.startDate, end_date: period.endDate };
  await runBatch(db, [
    db
      .update(employees)
      .set({ currentStatus: period.status, statusNote: period.note })
      .where(stillThere(employee.id)),
    audit(change, "status_changed", employeeSnapshot(employee), { ...employeeSnapshot(updated), ...dates }),
    db.insert(employeeStatusHistory).values({
      id: newId(),
      employeeId: employee.id,
      status: period.status,
      note: period.note,
      startDate: period.startDate,
      endDate: period.endDate,
      createdAt: now,
      createdBy: userId,
    }),
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
