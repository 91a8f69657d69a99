import type { AttendanceSession, CorrectionAudit, OutboxAudit } from "../domain/hub-exchange";
import { type Actor, accountOfLocation, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";

// Attendance sessions live in each location's hub (docs/hub.md). What D1 keeps of them is the
// manager's audit trail, and the rows recorded before hubs kept them (copied in by LocationHub.backfill).

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());

const sessionSnapshot = (s: AttendanceSession) => ({
  employee_id: s.employeeId,
  check_in_at: iso(s.checkIn),
  check_out_at: iso(s.checkOut),
  closed_by: s.closedBy,
});

/** The audit row of a manager closing `session` (as it was) at `at`. */
export async function auditSessionClosed(
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  session: AttendanceSession,
  at: number,
) {
  await runBatch(db, [
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "attendance_session",
        entityId: session.id,
        action: "closed_by_manager",
        before: sessionSnapshot(session),
        after: sessionSnapshot({ ...session, checkOut: at, closedBy: "manager" }),
      },
      undefined,
      at,
    ),
  ]);
}

/**
 * The audit rows of a manager's corrections, sent by the location's hub (its outbox): keyed by entry and
 * version, so sending one again changes nothing.
 */
export async function auditCorrections(db: Db, locationId: string, corrections: readonly CorrectionAudit[]) {
  await runBatch(
    db,
    corrections.map((c) =>
      auditStatement(
        {
          userId: accountOfLocation(locationId),
          actor: { id: c.by, name: c.byName },
          locationId,
          entity: "timesheet_entry",
          entityId: c.entryId,
          action: c.action,
          before: c.before,
          after: { ...c.after, employee_id: c.employeeId, reason: c.reason },
        },
        undefined,
        c.at,
        `entry-${c.entryId}-v${c.version}`,
      ),
    ),
  );
}

/** Approvals and unlocks of pay periods, sent by the location's hub (its outbox), keyed by their outbox id. */
export async function auditOutboxRows(db: Db, locationId: string, rows: readonly OutboxAudit[]) {
  await runBatch(
    db,
    rows.map((row) =>
      auditStatement(
        {
          userId: accountOfLocation(locationId),
          actor: row.actor,
          locationId,
          entity: row.entity,
          entityId: row.entityId,
          action: row.action,
          before: row.before,
          after: row.after,
        },
        undefined,
        row.at,
        `hub-${row.id}`,
      ),
    ),
  );
}
