import { and, eq, isNull, sql } from "drizzle-orm";
import { newId } from "../lib/crypto";
import { isUniqueViolation } from "../lib/d1-errors";
import { AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { attendanceSessions } from "./schema";

export type SessionRow = typeof attendanceSessions.$inferSelect;

export const openSession = (db: Db, employeeId: string) =>
  db.query.attendanceSessions.findFirst({
    where: and(eq(attendanceSessions.employeeId, employeeId), isNull(attendanceSessions.checkOutAt)),
  });

export type CheckIn =
  | { status: "checked_in" }
  | { status: "already_in"; since: number }
  | { status: "inactive" };

/**
 * Opens a session while the employee is active and not deleted. The partial unique index refuses a
 * second open session, so even a write that slipped past every other check cannot double-punch.
 */
export async function checkIn(db: Db, locationId: string, employeeId: string, now: number): Promise<CheckIn> {
  try {
    const result = await db.run(sql`
      INSERT INTO attendance_sessions (id, location_id, employee_id, check_in_at, created_at)
      SELECT ${newId()}, ${locationId}, ${employeeId}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM employees WHERE id = ${employeeId} AND active = 1 AND deleted_at IS NULL)`);
    return result.meta.changes === 1 ? { status: "checked_in" } : { status: "inactive" };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const open = await openSession(db, employeeId);
    return { status: "already_in", since: open?.checkInAt ?? now };
  }
}

/** Closes the employee's open session from the kiosk; null when there was none. */
export async function checkOut(db: Db, employeeId: string, now: number) {
  const [closed] = await db
    .update(attendanceSessions)
    .set({ checkOutAt: now, closedBy: "kiosk" })
    .where(and(eq(attendanceSessions.employeeId, employeeId), isNull(attendanceSessions.checkOutAt)))
    .returning({ checkInAt: attendanceSessions.checkInAt });
  return closed ?? null;
}

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

export const sessionSnapshot = (s: SessionRow) => ({
  employee_id: s.employeeId,
  check_in_at: iso(s.checkInAt),
  check_out_at: iso(s.checkOutAt),
  closed_by: s.closedBy,
});

/** A manager's close of `session` with its audit row, as batch statements (the row only if it closed). */
export function closeByManagerStatements(db: Db, userId: string, session: SessionRow, now: number) {
  const closed: SessionRow = { ...session, checkOutAt: now, closedBy: "manager" };
  return [
    db
      .update(attendanceSessions)
      .set({ checkOutAt: now, closedBy: "manager" })
      .where(and(eq(attendanceSessions.id, session.id), isNull(attendanceSessions.checkOutAt))),
    auditStatement(
      {
        userId,
        locationId: session.locationId,
        entity: "attendance_session",
        entityId: session.id,
        action: "closed_by_manager",
        before: sessionSnapshot(session),
        after: sessionSnapshot(closed),
      },
      AFTER_A_CHANGE,
      now,
    ),
  ] as const;
}

/** Closes the session now (Close Session on the dashboard); false when it was already closed. */
export async function closeSessionByManager(db: Db, userId: string, session: SessionRow, now = Date.now()) {
  const [update, audit] = closeByManagerStatements(db, userId, session, now);
  const [result] = await runBatch(db, [update, audit]);
  return result?.meta.changes === 1;
}
