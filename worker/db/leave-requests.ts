import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { LeaveType } from "../contracts/staff-leave";
import type { LocalDate } from "../domain/time-zone";
import { newId } from "../lib/crypto";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { leaveRequests, locations } from "./schema";

// Leave requests in D1 (docs/staff-app.md, "Holiday and leave requests"). A decision or a cancellation is a
// conditional update from the status it expects, with its audit row in the same batch: two managers deciding at
// once, or a manager and the staff member, cannot both win.

export type LeaveRequestRow = typeof leaveRequests.$inferSelect;

/** Requests that hold their days: another may not overlap them. */
const HOLDING = ["pending", "approved"];

/**
 * Records a pending request, unless one of the employee's pending or approved requests already touches its days:
 * checked in the same statement, so two requests sent at once cannot both take the same days. Null: overlapping.
 */
export async function insertLeaveRequest(
  db: Db,
  input: {
    locationId: string;
    employeeId: string;
    type: LeaveType;
    startDate: LocalDate;
    endDate: LocalDate;
    halfDay: "am" | "pm" | null;
    note: string | null;
    uses: number;
    unit: "days" | "hours";
  },
): Promise<LeaveRequestRow | null> {
  const id = newId();
  const inserted = await db.run(sql`
    INSERT INTO leave_requests (id, location_id, employee_id, type, start_date, end_date, half_day, note, uses, unit)
    SELECT ${id}, ${input.locationId}, ${input.employeeId}, ${input.type}, ${input.startDate}, ${input.endDate},
           ${input.halfDay}, ${input.note}, ${input.uses}, ${input.unit}
    WHERE NOT EXISTS (
      SELECT 1 FROM leave_requests WHERE employee_id = ${input.employeeId} AND status IN ('pending', 'approved')
        AND start_date <= ${input.endDate} AND end_date >= ${input.startDate})`);
  if (inserted.meta.changes === 0) return null;
  return findLeaveRequest(db, id);
}

/** Two requests made in the same millisecond: the one inserted last first (SQLite's rowid), not by random id. */
const INSERTED_LAST = sql`rowid DESC`;

/** The employee's requests, newest first. */
export const employeeLeaveRequests = (db: Db, employeeId: string) =>
  db
    .select()
    .from(leaveRequests)
    .where(eq(leaveRequests.employeeId, employeeId))
    .orderBy(desc(leaveRequests.createdAt), INSERTED_LAST)
    .limit(200);

/** A location's requests: every pending one, then the latest others, newest first. */
export async function locationLeaveRequests(db: Db, locationId: string): Promise<LeaveRequestRow[]> {
  return db
    .select()
    .from(leaveRequests)
    .where(eq(leaveRequests.locationId, locationId))
    .orderBy(
      sql`CASE WHEN ${leaveRequests.status} = 'pending' THEN 0 ELSE 1 END`,
      desc(leaveRequests.createdAt),
      INSERTED_LAST,
    )
    .limit(300);
}

/** The employee's pending or approved requests touching the dates. */
export const holdingRequestsBetween = (db: Db, employeeId: string, from: LocalDate, to: LocalDate) =>
  db
    .select()
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employeeId, employeeId),
        inArray(leaveRequests.status, HOLDING),
        lte(leaveRequests.startDate, to),
        gte(leaveRequests.endDate, from),
      ),
    );

/** The employee's pending holiday, in the unit each was asked in. */
export async function pendingHoliday(db: Db, employeeId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`COALESCE(SUM(${leaveRequests.uses}), 0)` })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employeeId, employeeId),
        eq(leaveRequests.status, "pending"),
        eq(leaveRequests.type, "holiday"),
      ),
    );
  return Math.round((row?.total ?? 0) * 100) / 100;
}

/** A request with the account its location belongs to (a manager's call checks both). */
export async function leaveRequestWithAccount(db: Db, id: string) {
  const [row] = await db
    .select({ request: leaveRequests, userId: locations.userId, deletedAt: locations.deletedAt })
    .from(leaveRequests)
    .innerJoin(locations, eq(locations.id, leaveRequests.locationId))
    .where(eq(leaveRequests.id, id))
    .limit(1);
  return row && row.deletedAt === null ? { request: row.request, userId: row.userId } : null;
}

export async function findLeaveRequest(db: Db, id: string): Promise<LeaveRequestRow | null> {
  const [row] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, id)).limit(1);
  return row ?? null;
}

/** Approved half days of holiday at a location, by employee: the balance counts each as half a day. */
export async function approvedHalfDays(db: Db, locationId: string): Promise<Map<string, Set<LocalDate>>> {
  const rows = await db
    .select({ employeeId: leaveRequests.employeeId, date: leaveRequests.startDate })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.locationId, locationId),
        eq(leaveRequests.status, "approved"),
        eq(leaveRequests.type, "holiday"),
        isNotNull(leaveRequests.halfDay),
      ),
    );
  const found = new Map<string, Set<LocalDate>>();
  for (const row of rows) {
    const dates = found.get(row.employeeId) ?? new Set<LocalDate>();
    dates.add(row.date);
    found.set(row.employeeId, dates);
  }
  return found;
}

export type LeaveChange = {
  status: "approved" | "declined" | "cancelled";
  actor: Actor;
  note: string | null;
  /** The account, for the audit row. */
  userId: string;
};

/**
 * Moves a request from `from` to the change's status, audited; false when it was not in `from` any more (someone
 * else decided or cancelled it first). A cancellation keeps the decision it cancels.
 */
export async function changeLeaveRequest(
  db: Db,
  request: LeaveRequestRow,
  from: "pending" | "approved",
  change: LeaveChange,
): Promise<boolean> {
  const now = Date.now();
  const fields =
    change.status === "cancelled"
      ? { status: change.status, cancelledAt: now }
      : {
          status: change.status,
          decidedById: change.actor.id,
          decidedByName: change.actor.name,
          decidedAt: now,
          decisionNote: change.note,
        };
  const [updated] = await runBatch(db, [
    db
      .update(leaveRequests)
      .set(fields)
      .where(and(eq(leaveRequests.id, request.id), eq(leaveRequests.status, from))),
    auditStatement(
      {
        userId: change.userId,
        actor: change.actor,
        locationId: request.locationId,
        entity: "leave_request",
        entityId: request.id,
        action: `leave_request_${change.status}`,
        before: { status: from },
        after: { status: change.status, note: change.note },
      },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** Undoes a claim whose booking failed (the employee had gone from the hub): back to pending, unaudited. */
export async function releaseLeaveRequest(db: Db, id: string): Promise<void> {
  await db
    .update(leaveRequests)
    .set({ status: "pending", decidedById: null, decidedByName: null, decidedAt: null, decisionNote: null })
    .where(eq(leaveRequests.id, id));
}
