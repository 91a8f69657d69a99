import { and, eq, isNull } from "drizzle-orm";
import type { BreakOverride, BreakOverrideRequest } from "../contracts/settings";
import { AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import type { EmployeeRow } from "./employees";
import { employeeBreakOverrides, employees } from "./schema";

export type BreakOverrideRow = typeof employeeBreakOverrides.$inferSelect;

const toOverride = (row: BreakOverrideRow): BreakOverride => ({
  employee_id: row.employeeId,
  custom_break_minutes: row.customBreakMinutes,
  custom_work_hours: row.customWorkHours,
});

/** Overrides of the location's employees, deleted ones included when `withDeleted` (their hours still count). */
export async function breakOverridesAt(db: Db, locationId: string, withDeleted = false) {
  const rows = await db
    .select({ override: employeeBreakOverrides })
    .from(employeeBreakOverrides)
    .innerJoin(employees, eq(employees.id, employeeBreakOverrides.employeeId))
    .where(and(eq(employees.locationId, locationId), withDeleted ? undefined : isNull(employees.deletedAt)));
  return rows.map((row) => row.override);
}

export const listBreakOverrides = async (db: Db, locationId: string): Promise<BreakOverride[]> =>
  (await breakOverridesAt(db, locationId)).map(toOverride);

const auditTarget = (userId: string, employee: EmployeeRow) => ({
  userId,
  locationId: employee.locationId,
  entity: "employee" as const,
  entityId: employee.id,
});

async function currentOverride(db: Db, employeeId: string) {
  const row = await db.query.employeeBreakOverrides.findFirst({
    where: eq(employeeBreakOverrides.employeeId, employeeId),
  });
  return row ? toOverride(row) : null;
}

/** Sets the employee's own break and workday, with its audit row in the same batch. */
export async function saveBreakOverride(
  db: Db,
  userId: string,
  employee: EmployeeRow,
  input: BreakOverrideRequest,
  now = Date.now(),
): Promise<BreakOverride> {
  const before = await currentOverride(db, employee.id);
  const values = {
    customBreakMinutes: input.custom_break_minutes,
    customWorkHours: input.custom_work_hours,
    updatedAt: now,
  };
  const after: BreakOverride = { employee_id: employee.id, ...input };
  await runBatch(db, [
    db
      .insert(employeeBreakOverrides)
      .values({ employeeId: employee.id, ...values })
      .onConflictDoUpdate({ target: employeeBreakOverrides.employeeId, set: values }),
    auditStatement(
      { ...auditTarget(userId, employee), action: "breaks_changed", before, after },
      undefined,
      now,
    ),
  ]);
  return after;
}

/** Back to the location's standard break and workday; false when there was no override. */
export async function removeBreakOverride(db: Db, userId: string, employee: EmployeeRow, now = Date.now()) {
  const before = await currentOverride(db, employee.id);
  const [deleted] = await runBatch(db, [
    db.delete(employeeBreakOverrides).where(eq(employeeBreakOverrides.employeeId, employee.id)),
    auditStatement(
      { ...auditTarget(userId, employee), action: "breaks_reset", before, after: null },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  return deleted?.meta.changes === 1;
}
