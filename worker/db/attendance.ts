import { and, eq, isNull, sql } from "drizzle-orm";
import { newId } from "../lib/crypto";
import { AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { attendanceSessions } from "./schema";

export type SessionRow = typeof attendanceSessions.$inferSelect;

export const openSession = (db: Db, employeeId: string) =>
  db.query.attendanceSessions.findFirst({
    where: and(eq(attendanceSessions.employeeId, employeeId), isNull(attendanceSessions.checkOutAt)),
  });

/** A kiosk punch the hub has accepted (right PIN, not locked); D1 decides whether it can happen. */
export type PunchWrite = {
  action: "check_in" | "check_out";
  locationId: string;
  employeeId: string;
  at: number;
};

export type PunchWritten =
  | { status: "checked_in" }
  | { status: "already_in"; since: number }
  | { status: "inactive" }
  | { status: "checked_out"; checkInAt: number }
  | { status: "not_in" };

/**
 * The statements recording one punch, and how to read what they did. Made for a batch of many punches
 * (LocationHub commits them together): none of them can fail, so one punch never undoes the others, and
 * each sees the ones before it. A check-in opens a session only while the employee is active and not
 * deleted; the partial unique index still refuses a second open session, here by ignoring the insert.
 */
export function punchStatements(write: PunchWrite) {
  const { employeeId, at } = write;
  if (write.action === "check_out") {
    return {
      statements: [
        sql`UPDATE attendance_sessions SET check_out_at = ${at}, closed_by = 'kiosk'
          WHERE employee_id = ${employeeId} AND check_out_at IS NULL RETURNING check_in_at`,
      ],
      read: ([closed]: D1Result[]): PunchWritten => {
        const row = closed?.results[0] as { check_in_at: number } | undefined;
        return row ? { status: "checked_out", checkInAt: row.check_in_at } : { status: "not_in" };
      },
    };
  }
  const id = newId();
  return {
    statements: [
      sql`INSERT OR IGNORE INTO attendance_sessions (id, location_id, employee_id, check_in_at, created_at)
        SELECT ${id}, ${write.locationId}, ${employeeId}, ${at}, ${at}
        WHERE EXISTS (SELECT 1 FROM employees WHERE id = ${employeeId} AND active = 1 AND deleted_at IS NULL)`,
      sql`SELECT id, check_in_at FROM attendance_sessions WHERE employee_id = ${employeeId} AND check_out_at IS NULL`,
    ],
    read: ([, open]: D1Result[]): PunchWritten => {
      const row = open?.results[0] as { id: string; check_in_at: number } | undefined;
      if (!row) return { status: "inactive" };
      return row.id === id ? { status: "checked_in" } : { status: "already_in", since: row.check_in_at };
    },
  };
}

/** Records the punches in one D1 transaction, in order; one answer per punch. */
export async function recordPunches(db: Db, writes: PunchWrite[]): Promise<PunchWritten[]> {
  const planned = writes.map(punchStatements);
  const results = await runBatch(
    db,
    planned.flatMap((p) => p.statements),
  );
  let next = 0;
  return planned.map((p) => {
    const own = results.slice(next, next + p.statements.length);
    next += p.statements.length;
    return p.read(own);
  });
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
