import { newId } from "../lib/crypto";

// Breaks clocked at the kiosk, in the hub's SQLite: each inside one session, at most one open per
// employee (the partial unique index `breaks_one_open`). HubRecords decides when a break may start or end.

export type ClockedBreak = {
  id: string;
  sessionId: string;
  employeeId: string;
  start: number;
  end: number | null;
};

type BreakRow = {
  id: string;
  session_id: string;
  employee_id: string;
  start_at: number;
  end_at: number | null;
};

const toBreak = (row: BreakRow): ClockedBreak => ({
  id: row.id,
  sessionId: row.session_id,
  employeeId: row.employee_id,
  start: row.start_at,
  end: row.end_at,
});

export class HubBreaks {
  constructor(private readonly sql: SqlStorage) {}

  start(sessionId: string, employeeId: string, at: number) {
    this.sql.exec(
      "INSERT INTO breaks (id, session_id, employee_id, start_at, created_at) VALUES (?, ?, ?, ?, ?)",
      newId(),
      sessionId,
      employeeId,
      at,
      at,
    );
  }

  /** Ends the employee's open break at `at` (never before it began); the break as it now is, or null. */
  endOpen(employeeId: string, at: number): ClockedBreak | null {
    const [row] = this.sql
      .exec<BreakRow>(
        "UPDATE breaks SET end_at = max(start_at, ?) WHERE employee_id = ? AND end_at IS NULL RETURNING *",
        at,
        employeeId,
      )
      .toArray();
    return row ? toBreak(row) : null;
  }

  openOf(employeeId: string): ClockedBreak | null {
    const [row] = this.sql
      .exec<BreakRow>("SELECT * FROM breaks WHERE employee_id = ? AND end_at IS NULL", employeeId)
      .toArray();
    return row ? toBreak(row) : null;
  }

  /** Breaks going on now, earliest first (the partial unique index holds only open ones). */
  open(): ClockedBreak[] {
    return this.sql
      .exec<BreakRow>("SELECT * FROM breaks WHERE end_at IS NULL ORDER BY start_at")
      .toArray()
      .map(toBreak);
  }

  /** The breaks clocked in these sessions, earliest first (one index search per session). */
  of(sessionIds: readonly string[]): ClockedBreak[] {
    if (sessionIds.length === 0) return [];
    return this.sql
      .exec<BreakRow>(
        "SELECT * FROM breaks WHERE session_id IN (SELECT value FROM json_each(?)) ORDER BY start_at, id",
        JSON.stringify(sessionIds),
      )
      .toArray()
      .map(toBreak);
  }
}
