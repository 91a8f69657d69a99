import type { StaffQuery } from "../domain/staff-queries";
import { newId } from "../lib/crypto";
import type { HubAuditOutbox } from "./hub-audit";

// Staff queries about their hours, in the hub's SQLite (staff_queries): kept beside the entries they are
// about, so approval counts them in the same step as the other exceptions (docs/staff-app.md).

type Row = {
  id: string;
  employee_id: string;
  entry_id: string | null;
  day: string | null;
  note: string;
  created_at: number;
  answer: string | null;
  answered_by: string | null;
  answered_by_name: string | null;
  answered_at: number | null;
  reviewed_at: number | null;
};

const toQuery = (row: Row): StaffQuery => ({
  id: row.id,
  employeeId: row.employee_id,
  entryId: row.entry_id,
  day: row.day,
  note: row.note,
  createdAt: row.created_at,
  answer: row.answer,
  answeredBy:
    row.answered_by === null ? null : { id: row.answered_by, name: row.answered_by_name ?? "Your manager" },
  answeredAt: row.answered_at,
  reviewedAt: row.reviewed_at,
});

const OPEN = "answered_at IS NULL AND reviewed_at IS NULL";

export class HubQueries {
  constructor(
    private readonly sql: SqlStorage,
    private readonly audits: HubAuditOutbox,
  ) {}

  /** Records a query; null when one is already open for the same entry or day. */
  raise(
    query: { employeeId: string; entryId: string | null; day: string | null; note: string },
    now: number,
  ): StaffQuery | null {
    const row = this.sql
      .exec<Row>(
        `INSERT INTO staff_queries (id, employee_id, entry_id, day, note, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING *`,
        newId(),
        query.employeeId,
        query.entryId,
        query.day,
        query.note,
        now,
      )
      .toArray()[0];
    return row ? toQuery(row) : null;
  }

  /** One employee's queries, newest first. */
  of(employeeId: string): StaffQuery[] {
    return this.sql
      .exec<Row>("SELECT * FROM staff_queries WHERE employee_id = ? ORDER BY created_at DESC", employeeId)
      .toArray()
      .map(toQuery);
  }

  /** The queries about these entries, or about days from `first` to `last` (local dates). */
  about(entryIds: readonly string[], first: string, last: string): StaffQuery[] {
    return this.sql
      .exec<Row>(
        `SELECT * FROM staff_queries WHERE entry_id IN (SELECT value FROM json_each(?))
         UNION ALL SELECT * FROM staff_queries WHERE day >= ? AND day <= ? ORDER BY created_at`,
        JSON.stringify(entryIds),
        first,
        last,
      )
      .toArray()
      .map(toQuery);
  }

  /** A manager's answer to an open query, audited; the query as answered, "answered" or null (no such query). */
  answer(
    id: string,
    answer: string,
    by: { id: string; name: string },
    now: number,
  ): StaffQuery | "answered" | null {
    const [before] = this.sql.exec<Row>("SELECT * FROM staff_queries WHERE id = ?", id).toArray();
    if (!before) return null;
    if (before.answered_at !== null) return "answered";
    const [row] = this.sql
      .exec<Row>(
        `UPDATE staff_queries SET answer = ?, answered_by = ?, answered_by_name = ?, answered_at = ?
         WHERE id = ? RETURNING *`,
        answer,
        by.id,
        by.name,
        now,
        id,
      )
      .toArray();
    if (!row) return null;
    this.audits.add({
      entity: "staff_query",
      entityId: id,
      action: "answered",
      actor: by,
      before: { employee_id: row.employee_id, entry_id: row.entry_id, day: row.day, note: row.note },
      after: { employee_id: row.employee_id, answer },
      at: now,
    });
    return toQuery(row);
  }

  /** Open queries ticked as reviewed with an approval (in the approval's transaction). */
  markReviewed(ids: readonly string[], now: number) {
    this.sql.exec(
      `UPDATE staff_queries SET reviewed_at = ? WHERE ${OPEN} AND id IN (SELECT value FROM json_each(?))`,
      now,
      JSON.stringify(ids),
    );
  }
}
