import { newId } from "../lib/crypto";
import type { HubAuditOutbox } from "./hub-audit";

// Approved pay periods, in the hub's SQLite (schema v7: approvals): each employee's approved
// periods are locked. A correction or the auto-close may not change an entry in one; a kiosk punch into one is
// still recorded (it is evidence) and marked as after approval. Unlocking keeps the approval's row, with who
// (the member's id and, since v13, name), when and why.

export const PERIOD_LOCKED = "This pay period is approved and locked. Unlock it to make changes.";

export type Approval = {
  employeeId: string;
  periodKey: string;
  approvedAt: number;
  approvedBy: string;
};

/** An approval with its period's bounds [start, end). */
export type ApprovedPeriod = Approval & { start: number; end: number };

type ApprovalRow = {
  employee_id: string;
  period_key: string;
  approved_at: number;
  approved_by_name: string;
};

export class HubApprovals {
  /**
   * Whether any period is approved and not unlocked, read once and kept until this class changes it: every
   * punch asks `locks`, and most locations have nothing locked most of the time.
   */
  #anyLocked: boolean | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly audits: HubAuditOutbox,
  ) {}

  /** Storage was erased or rewritten under this class: read again. */
  forget() {
    this.#anyLocked = undefined;
  }

  /** Whether [start, end] of the employee's time touches a period approved for them. */
  locks(employeeId: string, start: number, end: number): boolean {
    this.#anyLocked ??=
      this.sql.exec("SELECT 1 FROM approvals WHERE unlocked_at IS NULL LIMIT 1").toArray().length > 0;
    if (!this.#anyLocked) return false;
    return (
      this.sql
        .exec(
          `SELECT 1 FROM approvals WHERE employee_id = ? AND unlocked_at IS NULL AND start_at <= ? AND end_at > ?
           LIMIT 1`,
          employeeId,
          end,
          start,
        )
        .toArray().length > 0
    );
  }

  /** Approvals (not unlocked) of periods that overlap [start, end), with each period's bounds. */
  overlapping(start: number, end: number): ApprovedPeriod[] {
    return this.sql
      .exec<ApprovalRow & { start_at: number; end_at: number }>(
        `SELECT employee_id, period_key, approved_at, approved_by_name, start_at, end_at FROM approvals
         WHERE unlocked_at IS NULL AND start_at < ? AND end_at > ?`,
        end,
        start,
      )
      .toArray()
      .map((row) => ({
        employeeId: row.employee_id,
        periodKey: row.period_key,
        approvedAt: row.approved_at,
        approvedBy: row.approved_by_name,
        start: row.start_at,
        end: row.end_at,
      }));
  }

  /** The employees' approvals that cover the whole of [start, end), by employee. */
  covering(start: number, end: number): Map<string, Approval> {
    const rows = this.sql
      .exec<ApprovalRow>(
        `SELECT employee_id, period_key, approved_at, approved_by_name FROM approvals
         WHERE unlocked_at IS NULL AND start_at <= ? AND end_at >= ?`,
        start,
        end,
      )
      .toArray();
    return new Map(
      rows.map((row) => [
        row.employee_id,
        {
          employeeId: row.employee_id,
          periodKey: row.period_key,
          approvedAt: row.approved_at,
          approvedBy: row.approved_by_name,
        },
      ]),
    );
  }

  /** Approves the period for each employee not already approved for it; the new approvals. */
  approve(
    period: { key: string; start: number; end: number },
    employeeIds: readonly string[],
    by: { id: string; name: string },
    now: number,
    reviewedExceptions: number,
  ): Approval[] {
    const approved: Approval[] = [];
    for (const employeeId of employeeIds) {
      const result = this.sql.exec(
        `INSERT INTO approvals (id, employee_id, period_key, start_at, end_at, approved_at, approved_by,
           approved_by_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        newId(),
        employeeId,
        period.key,
        period.start,
        period.end,
        now,
        by.id,
        by.name,
      );
      if (result.rowsWritten === 0) continue;
      this.#anyLocked = true;
      approved.push({ employeeId, periodKey: period.key, approvedAt: now, approvedBy: by.name });
      this.audits.add({
        entity: "timesheet_approval",
        entityId: employeeId,
        action: "approved",
        actor: by,
        before: null,
        after: { period: period.key, reviewed_exceptions: reviewedExceptions },
        at: now,
      });
    }
    return approved;
  }

  /** Unlocks the period for everyone approved for it, keeping who approved and why it was unlocked. */
  unlock(periodKey: string, reason: string, by: { id: string; name: string }, now: number): number {
    const rows = this.sql
      .exec<{ id: string; employee_id: string; approved_at: number; approved_by_name: string }>(
        `UPDATE approvals SET unlocked_at = ?, unlocked_by = ?, unlocked_by_name = ?, unlock_reason = ?
         WHERE period_key = ? AND unlocked_at IS NULL RETURNING id, employee_id, approved_at, approved_by_name`,
        now,
        by.id,
        by.name,
        reason,
        periodKey,
      )
      .toArray();
    this.forget();
    for (const row of rows) {
      this.audits.add({
        entity: "timesheet_approval",
        entityId: row.employee_id,
        action: "unlocked",
        actor: by,
        before: {
          period: periodKey,
          approved_at: new Date(row.approved_at).toISOString(),
          approved_by: row.approved_by_name,
        },
        after: { period: periodKey, reason },
        at: now,
      });
    }
    return rows.length;
  }
}
