import type { PunchEvent } from "../domain/hub-exchange";

// The hub's outbox of punches (schema v18: punch_events) for the account's webhooks (docs/webhooks.md,
// "Punches"): a row is written in the same synchronous step as the punch, and deleted once the control plane
// has it, so a punch is never lost to a failed hand-over and never waits for one.

type Row = { id: number; employee_id: string; action: string; at: number; session_id: string };

export class PunchEvents {
  constructor(private readonly sql: SqlStorage) {}

  add(employeeId: string, action: string, at: number, sessionId: string) {
    this.sql.exec(
      "INSERT INTO punch_events (employee_id, action, at, session_id) VALUES (?, ?, ?, ?)",
      employeeId,
      action,
      at,
      sessionId,
    );
  }

  /** The oldest waiting, at most `limit`. */
  waiting(limit = 100): PunchEvent[] {
    return this.sql
      .exec<Row>("SELECT * FROM punch_events ORDER BY id LIMIT ?", limit)
      .toArray()
      .map((row) => ({
        id: row.id,
        employeeId: row.employee_id,
        action: row.action,
        at: row.at,
        sessionId: row.session_id,
      }));
  }

  /** The control plane has these. */
  remove(ids: readonly number[]) {
    this.sql.exec(
      "DELETE FROM punch_events WHERE id IN (SELECT value FROM json_each(?))",
      JSON.stringify(ids),
    );
  }

  any(): boolean {
    return this.sql.exec("SELECT 1 FROM punch_events LIMIT 1").toArray().length > 0;
  }
}
