import type { HubAuditOutbox } from "./hub-audit";

// Overtime a manager approved on a timesheet entry (hub schema v14: overtime_approvals; docs/rota.md, "Pay to
// the rota"): with pay to the rota on, such an entry is paid to its check-out, not to its shift's end. One row
// per entry; withdrawing the approval deletes it, and both are audited through the outbox like a correction.

export type OvertimeApproval = { entryId: string; by: string; byName: string; at: number };

type Row = { entry_id: string; approved_by: string; approved_by_name: string; approved_at: number };

const approvalOf = (row: Row): OvertimeApproval => ({
  entryId: row.entry_id,
  by: row.approved_by,
  byName: row.approved_by_name,
  at: row.approved_at,
});

export class HubOvertime {
  constructor(
    private readonly sql: SqlStorage,
    private readonly audits: HubAuditOutbox,
  ) {}

  /** The approvals among these entries (by primary key, never the whole table). */
  of(entryIds: readonly string[]): OvertimeApproval[] {
    if (entryIds.length === 0) return [];
    return this.sql
      .exec<Row>(
        "SELECT * FROM overtime_approvals WHERE entry_id IN (SELECT value FROM json_each(?))",
        JSON.stringify(entryIds),
      )
      .toArray()
      .map(approvalOf);
  }

  /** Approves or withdraws; the approval as it now stands (null: none). Call inside a transaction. */
  set(
    entry: { id: string; employeeId: string },
    approved: boolean,
    by: { id: string; name: string },
    now: number,
  ): OvertimeApproval | null {
    const [before] = this.of([entry.id]);
    if (approved && before) return before;
    if (!approved && !before) return null;
    if (approved) {
      this.sql.exec(
        "INSERT INTO overtime_approvals (entry_id, approved_by, approved_by_name, approved_at) VALUES (?, ?, ?, ?)",
        entry.id,
        by.id,
        by.name,
        now,
      );
    } else {
      this.sql.exec("DELETE FROM overtime_approvals WHERE entry_id = ?", entry.id);
    }
    this.audits.add({
      entity: "timesheet_entry",
      entityId: entry.id,
      action: approved ? "overtime_approved" : "overtime_withdrawn",
      actor: by,
      before: before ? { overtime_approved: true, approved_by: before.byName } : { overtime_approved: false },
      after: { overtime_approved: approved, employee_id: entry.employeeId },
      at: now,
    });
    return approved ? { entryId: entry.id, by: by.id, byName: by.name, at: now } : null;
  }
}
