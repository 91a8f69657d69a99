import { and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { DateRange, StatusPeriodRecord } from "../domain/leave";
import type { Db } from "./client";
import { employeeStatusHistory, employees } from "./schema";

/** The location's current staff and their status now. */
export const currentStaffStatuses = (db: Db, locationId: string) =>
  db
    .select({ id: employees.id, currentStatus: employees.currentStatus })
    .from(employees)
    .where(and(eq(employees.locationId, locationId), isNull(employees.deletedAt)));

/**
 * Status periods of the location's current staff that touch the range, oldest first (creation time,
 * then insertion order): the order in which later periods overrule earlier ones.
 */
export async function statusPeriodsTouching(
  db: Db,
  locationId: string,
  range: DateRange,
): Promise<StatusPeriodRecord[]> {
  const h = employeeStatusHistory;
  return db
    .select({
      employeeId: h.employeeId,
      status: h.status,
      startDate: h.startDate,
      endDate: h.endDate,
      createdAt: h.createdAt,
    })
    .from(h)
    .innerJoin(employees, eq(employees.id, h.employeeId))
    .where(
      and(
        eq(employees.locationId, locationId),
        isNull(employees.deletedAt),
        lte(h.startDate, range.endDate),
        or(isNull(h.endDate), gte(h.endDate, range.startDate)),
      ),
    )
    .orderBy(asc(h.createdAt), sql`${h}.rowid`);
}
