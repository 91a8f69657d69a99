import type { Manager } from "./hub-entries";

// Staff's claims on open shifts in the hub's SQLite (table `shift_claims`, hub-schema.ts; docs/staff-app.md,
// "My shifts, availability and open shifts"). At most one claim per shift and employee.

export type ClaimStatus = "pending" | "approved" | "declined";

export type ShiftClaim = {
  id: string;
  shiftId: string;
  employeeId: string;
  status: ClaimStatus;
  createdAt: number;
  decidedBy: string | null;
  decidedByName: string | null;
  decidedAt: number | null;
};

type ClaimRow = {
  id: string;
  shift_id: string;
  employee_id: string;
  status: ClaimStatus;
  created_at: number;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: number | null;
};

const COLUMNS = "id, shift_id, employee_id, status, created_at, decided_by, decided_by_name, decided_at";

const toClaim = (row: ClaimRow): ShiftClaim => ({
  id: row.id,
  shiftId: row.shift_id,
  employeeId: row.employee_id,
  status: row.status,
  createdAt: row.created_at,
  decidedBy: row.decided_by,
  decidedByName: row.decided_by_name,
  decidedAt: row.decided_at,
});

export class HubClaims {
  constructor(private readonly sql: SqlStorage) {}

  find(id: string): ShiftClaim | null {
    const [row] = this.sql.exec<ClaimRow>(`SELECT ${COLUMNS} FROM shift_claims WHERE id = ?`, id).toArray();
    return row ? toClaim(row) : null;
  }

  /** The claims waiting for a manager, oldest first. */
  pending(): ShiftClaim[] {
    return this.sql
      .exec<ClaimRow>(`SELECT ${COLUMNS} FROM shift_claims WHERE status = 'pending' ORDER BY created_at, id`)
      .toArray()
      .map(toClaim);
  }

  /** An employee's claims (any status) on these shifts. */
  employeeClaims(employeeId: string): ShiftClaim[] {
    return this.sql
      .exec<ClaimRow>(
        `SELECT ${COLUMNS} FROM shift_claims WHERE employee_id = ? ORDER BY created_at`,
        employeeId,
      )
      .toArray()
      .map(toClaim);
  }

  /** False when this employee already claimed this shift. */
  add(id: string, shiftId: string, employeeId: string, now: number): boolean {
    return (
      this.sql.exec(
        `INSERT OR IGNORE INTO shift_claims (id, shift_id, employee_id, status, created_at) VALUES (?, ?, ?, 'pending', ?)`,
        id,
        shiftId,
        employeeId,
        now,
      ).rowsWritten > 0
    );
  }

  /** Decides one claim; when it is approved, the shift's other pending claims are declined with it. */
  decide(claim: ShiftClaim, status: "approved" | "declined", by: Manager, now: number): string[] {
    this.sql.exec(
      "UPDATE shift_claims SET status = ?, decided_by = ?, decided_by_name = ?, decided_at = ? WHERE id = ?",
      status,
      by.id,
      by.name,
      now,
      claim.id,
    );
    if (status !== "approved") return [];
    const others = this.sql
      .exec<{ employee_id: string }>(
        "SELECT employee_id FROM shift_claims WHERE shift_id = ? AND status = 'pending' AND id != ?",
        claim.shiftId,
        claim.id,
      )
      .toArray()
      .map((r) => r.employee_id);
    this.sql.exec(
      `UPDATE shift_claims SET status = 'declined', decided_by = ?, decided_by_name = ?, decided_at = ?
       WHERE shift_id = ? AND status = 'pending'`,
      by.id,
      by.name,
      now,
      claim.shiftId,
    );
    return others;
  }
}

/**
 * Gives an open shift to an employee, as planned and as published: staff see it as theirs at once, and any
 * draft change a manager made to its times stays a draft.
 */
export function assignOpenShift(
  sql: SqlStorage,
  shiftId: string,
  employeeId: string,
  by: Manager,
  now: number,
) {
  sql.exec(
    `UPDATE shifts SET employee_id = ?, published_json = json_set(published_json, '$.employeeId', ?),
       updated_at = ?, updated_by = ?, updated_by_name = ? WHERE id = ?`,
    employeeId,
    employeeId,
    now,
    by.id,
    by.name,
    shiftId,
  );
}
