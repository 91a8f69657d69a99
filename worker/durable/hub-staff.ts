import type { BreakOverride, BreakOverrideRequest } from "../contracts/settings";
import type { BreakOverrideRecord, StatusPeriodRecord } from "../domain/account-export";
import type { LegacyStaff, StaffStatus } from "../domain/hub-exchange";
import { type DateRange, type LeaveStatus, leaveOnDay } from "../domain/leave";
import { newId } from "../lib/crypto";
import type { HubAuditOutbox } from "./hub-audit";

// What the hub owns of its staff (schema v10): each employee's PIN hash, their own break and workday, and
// their status (holiday, sick...) with every period set. `staff` (who works here, their names, whether they
// are active) is the control plane's copy; these tables have no other home. A manager's change and its
// audit row are one transaction here; the audit row reaches D1 through the outbox.

/** Who made a change, as the audit log names them. */
export type StaffEditor = { id: string; name: string };

export type StatusPeriod = { status: string; note: string | null; startDate: string; endDate: string | null };

const ACTIVE: StaffStatus = { status: "active", note: null, startDate: null, endDate: null };

type OverrideRow = {
  employee_id: string;
  custom_break_minutes: number;
  custom_work_hours: number;
  updated_at: number;
};

const toOverride = (row: OverrideRow): BreakOverrideRecord => ({
  employeeId: row.employee_id,
  customBreakMinutes: row.custom_break_minutes,
  customWorkHours: row.custom_work_hours,
  updatedAt: row.updated_at,
});

export const overrideView = (row: BreakOverrideRecord): BreakOverride => ({
  employee_id: row.employeeId,
  custom_break_minutes: row.customBreakMinutes,
  custom_work_hours: row.customWorkHours,
});

type HistoryRow = {
  id: string;
  employee_id: string;
  status: string;
  note: string | null;
  start_date: string;
  end_date: string | null;
  created_at: number;
  created_by: string | null;
};

const toPeriod = (row: HistoryRow): StatusPeriodRecord => ({
  id: row.id,
  employeeId: row.employee_id,
  status: row.status,
  note: row.note,
  startDate: row.start_date,
  endDate: row.end_date,
  createdAt: row.created_at,
  createdBy: row.created_by ?? "",
});

const HISTORY_ORDER = "ORDER BY h.created_at, h.rowid";

export class HubStaff {
  /** Who is on leave on one date, kept: every check-in and every live-status push asks. */
  #leave: { date: string; statuses: ReadonlyMap<string, LeaveStatus> } | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly audits: HubAuditOutbox,
  ) {}

  /** The staff or their periods changed under this class (a snapshot, a copy from D1): read again when asked. */
  forgetCached() {
    this.#leave = undefined;
  }

  /** Current staff whose status on `date` (the location's local day) is not active, by their dated periods. */
  leaveOn(date: string): ReadonlyMap<string, LeaveStatus> {
    if (this.#leave?.date !== date) {
      this.#leave = {
        date,
        statuses: leaveOnDay(this.periodsTouching({ startDate: date, endDate: date }), date),
      };
    }
    return this.#leave.statuses;
  }

  get #sql() {
    return this.storage.sql;
  }

  /** Whether the employee is on the location's staff (deleted ones too, unless `current`). */
  has(employeeId: string, current = true): boolean {
    return (
      this.#sql
        .exec(`SELECT 1 FROM staff WHERE id = ? ${current ? "AND deleted = 0" : ""}`, employeeId)
        .toArray().length > 0
    );
  }

  // --- PINs ---

  /** Stores the PIN's hash (a new employee's, before the control plane lists them; or a changed one). */
  setPin(employeeId: string, pinHash: string, now: number, by: StaffEditor | null) {
    this.storage.transactionSync(() => {
      this.#sql.exec(
        `INSERT INTO pins (employee_id, pin_hash, set_at) VALUES (?, ?, ?)
         ON CONFLICT (employee_id) DO UPDATE SET pin_hash = excluded.pin_hash, set_at = excluded.set_at`,
        employeeId,
        pinHash,
        now,
      );
      // The log says that the PIN changed, never what to.
      if (by) this.#audit(employeeId, "pin_changed", by, null, { pin: "changed" }, now);
    });
  }

  /** A PIN stored for an employee the control plane then refused to add. */
  dropPin(employeeId: string) {
    if (!this.has(employeeId, false)) this.#sql.exec("DELETE FROM pins WHERE employee_id = ?", employeeId);
  }

  // --- Own break and workday ---

  /** Overrides of current staff, or of everyone who ever worked here (their hours still count). */
  breakOverrides(withDeleted = false): BreakOverrideRecord[] {
    return this.#sql
      .exec<OverrideRow>(
        `SELECT b.* FROM break_overrides b JOIN staff s ON s.id = b.employee_id
         ${withDeleted ? "" : "WHERE s.deleted = 0"} ORDER BY b.employee_id`,
      )
      .toArray()
      .map(toOverride);
  }

  #override(employeeId: string): BreakOverride | null {
    const [row] = this.#sql
      .exec<OverrideRow>("SELECT * FROM break_overrides WHERE employee_id = ?", employeeId)
      .toArray();
    return row ? overrideView(toOverride(row)) : null;
  }

  setBreakOverride(employeeId: string, input: BreakOverrideRequest, by: StaffEditor, now: number) {
    const after: BreakOverride = { employee_id: employeeId, ...input };
    this.storage.transactionSync(() => {
      const before = this.#override(employeeId);
      this.#sql.exec(
        `INSERT INTO break_overrides (employee_id, custom_break_minutes, custom_work_hours, updated_at)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (employee_id) DO UPDATE SET custom_break_minutes = excluded.custom_break_minutes,
           custom_work_hours = excluded.custom_work_hours, updated_at = excluded.updated_at`,
        employeeId,
        input.custom_break_minutes,
        input.custom_work_hours,
        now,
      );
      this.#audit(employeeId, "breaks_changed", by, before, after, now);
    });
    return after;
  }

  /** Back to the location's standard; false when there was no override. */
  removeBreakOverride(employeeId: string, by: StaffEditor, now: number): boolean {
    let removed = false;
    this.storage.transactionSync(() => {
      const before = this.#override(employeeId);
      if (!before) return;
      this.#sql.exec("DELETE FROM break_overrides WHERE employee_id = ?", employeeId);
      this.#audit(employeeId, "breaks_reset", by, before, null, now);
      removed = true;
    });
    return removed;
  }

  /** Each employee's own workday in minutes, where they have one (what an auto-closed session counts). */
  workMinutes(): Map<string, number> {
    const rows = this.#sql
      .exec<{ employee_id: string; minutes: number }>(
        "SELECT employee_id, round(custom_work_hours * 60) AS minutes FROM break_overrides",
      )
      .toArray();
    return new Map(rows.map((row) => [row.employee_id, row.minutes]));
  }

  // --- Status and its history ---

  /** Each current employee's status now; one never given a status is active. */
  statuses(): Map<string, StaffStatus> {
    const rows = this.#sql
      .exec<{
        id: string;
        status: string | null;
        note: string | null;
        start_date: string | null;
        end_date: string | null;
      }>(
        `SELECT s.id, t.status, t.note, t.start_date, t.end_date FROM staff s
         LEFT JOIN statuses t ON t.employee_id = s.id WHERE s.deleted = 0`,
      )
      .toArray();
    return new Map(
      rows.map((row) => [
        row.id,
        row.status === null
          ? ACTIVE
          : { status: row.status, note: row.note, startDate: row.start_date, endDate: row.end_date },
      ]),
    );
  }

  /** The employee as the audit log records them (never a PIN or its hash), with their status now. */
  #snapshot(employeeId: string) {
    const [row] = this.#sql
      .exec<{
        first_name: string;
        last_name: string;
        username: string;
        active: number;
        status: string | null;
        note: string | null;
      }>(
        `SELECT s.first_name, s.last_name, s.username, s.active, t.status, t.note FROM staff s
         LEFT JOIN statuses t ON t.employee_id = s.id WHERE s.id = ?`,
        employeeId,
      )
      .toArray();
    return {
      first_name: row?.first_name,
      last_name: row?.last_name,
      username: row?.username,
      active: row?.active === 1,
      current_status: row?.status ?? ACTIVE.status,
      status_note: row?.note ?? null,
    };
  }

  /** Sets the employee's status for a period, keeping every earlier period, with its audit row. */
  changeStatus(employeeId: string, period: StatusPeriod, by: StaffEditor, now: number) {
    this.#leave = undefined;
    this.storage.transactionSync(() => {
      const before = this.#snapshot(employeeId);
      this.#sql.exec(
        `INSERT INTO statuses (employee_id, status, note, start_date, end_date, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (employee_id) DO UPDATE SET status = excluded.status, note = excluded.note,
           start_date = excluded.start_date, end_date = excluded.end_date, updated_at = excluded.updated_at`,
        employeeId,
        period.status,
        period.note,
        period.startDate,
        period.endDate,
        now,
      );
      this.#sql.exec(
        `INSERT INTO status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        newId(),
        employeeId,
        period.status,
        period.note,
        period.startDate,
        period.endDate,
        now,
        by.id,
      );
      const after = { ...this.#snapshot(employeeId), start_date: period.startDate, end_date: period.endDate };
      this.#audit(employeeId, "status_changed", by, before, after, now);
    });
  }

  /**
   * Status periods of current staff that touch the range, oldest first (creation time, then insertion
   * order): the order in which later periods overrule earlier ones.
   */
  periodsTouching(range: DateRange): StatusPeriodRecord[] {
    return this.#sql
      .exec<HistoryRow>(
        `SELECT h.* FROM status_history h JOIN staff s ON s.id = h.employee_id
         WHERE s.deleted = 0 AND h.start_date <= ? AND (h.end_date IS NULL OR h.end_date >= ?) ${HISTORY_ORDER}`,
        range.endDate,
        range.startDate,
      )
      .toArray()
      .map(toPeriod);
  }

  /** Every period ever set, deleted employees' too (the account export). */
  history(): StatusPeriodRecord[] {
    return this.#sql
      .exec<HistoryRow>(`SELECT h.* FROM status_history h ${HISTORY_ORDER}`)
      .toArray()
      .map(toPeriod);
  }

  /** Each employee's status as stored, deleted employees' too (the account export). */
  allStatuses(): Map<string, StaffStatus> {
    const rows = this.#sql
      .exec<{
        employee_id: string;
        status: string;
        note: string | null;
        start_date: string | null;
        end_date: string | null;
      }>("SELECT * FROM statuses")
      .toArray();
    return new Map(
      rows.map((row) => [
        row.employee_id,
        { status: row.status, note: row.note, startDate: row.start_date, endDate: row.end_date },
      ]),
    );
  }

  // --- Copied once from D1 ---

  /** Which of these employees' D1 rows from before the hub owned them have not been copied in yet. */
  notCopiedIn(ids: readonly string[]): string[] {
    return this.#sql
      .exec<{ id: string }>(
        "SELECT value AS id FROM json_each(?) WHERE value NOT IN (SELECT employee_id FROM legacy_staff)",
        JSON.stringify(ids),
      )
      .toArray()
      .map((row) => row.id);
  }

  /**
   * Copies in what D1 held for these employees, once each and never over what the hub has since set: the
   * hub's own PIN, breaks and status win, and periods are copied by id.
   */
  copyIn(legacy: readonly LegacyStaff[], now: number) {
    this.#leave = undefined;
    this.storage.transactionSync(() => {
      for (const e of legacy) {
        const sql = this.#sql;
        if (e.pinHash !== "") {
          sql.exec(
            "INSERT OR IGNORE INTO pins (employee_id, pin_hash, set_at) VALUES (?, ?, ?)",
            e.id,
            e.pinHash,
            now,
          );
        }
        if (e.override) {
          sql.exec(
            "INSERT OR IGNORE INTO break_overrides (employee_id, custom_break_minutes, custom_work_hours, updated_at) VALUES (?, ?, ?, ?)",
            e.id,
            e.override.customBreakMinutes,
            e.override.customWorkHours,
            e.override.updatedAt,
          );
        }
        if (e.status.status !== "active" || e.history.length > 0) {
          sql.exec(
            "INSERT OR IGNORE INTO statuses (employee_id, status, note, start_date, end_date, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            e.id,
            e.status.status,
            e.status.note,
            e.status.startDate,
            e.status.endDate,
            now,
          );
        }
        for (const p of e.history) {
          sql.exec(
            "INSERT OR IGNORE INTO status_history (id, employee_id, status, note, start_date, end_date, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            p.id,
            e.id,
            p.status,
            p.note,
            p.startDate,
            p.endDate,
            p.createdAt,
            p.createdBy,
          );
        }
        sql.exec("INSERT OR IGNORE INTO legacy_staff (employee_id) VALUES (?)", e.id);
      }
    });
  }

  #audit(
    employeeId: string,
    action: string,
    by: StaffEditor,
    before: object | null,
    after: object | null,
    at: number,
  ) {
    this.audits.add({ entity: "employee", entityId: employeeId, action, actor: by, before, after, at });
  }
}
