import type { ShiftImport } from "../domain/hub-exchange";
import { type PlannedShift, type StoredShift, weekOf } from "../domain/rota";
import type { Manager } from "./hub-entries";
import type { Bounds } from "./session-rows";

// The location's rota in its hub's SQLite (table `shifts`, hub-schema.ts v14; docs/rota.md). A shift belongs
// to the week of its start; every read is an index range on the start (`shifts_start`) or on an employee's
// starts (`shifts_employee_start`), never the whole table.

export type ShiftRow = {
  id: string;
  employee_id: string | null;
  start_at: number;
  end_at: number;
  break_minutes: number;
  role: string | null;
  notes: string | null;
  week: string;
  published_json: string | null;
  deleted: number;
};

export const SHIFT_COLUMNS =
  "id, employee_id, start_at, end_at, break_minutes, role, notes, week, published_json, deleted";

/** The queries the rota is read by: index ranges only (a test shows their plans). */
export const ROTA_QUERIES = {
  /** Every shift begun in [start, end), drafts and deleted-after-publishing included (a week's rota). */
  begunBetween: `SELECT ${SHIFT_COLUMNS} FROM shifts WHERE start_at >= ? AND start_at < ? ORDER BY start_at, id`,
  /** An employee's shifts begun in [start, end). */
  employeeBegunBetween: `SELECT ${SHIFT_COLUMNS} FROM shifts WHERE employee_id = ? AND start_at >= ? AND start_at < ? ORDER BY start_at, id`,
  /** Whether a published shift starts at or after a time (the live alarm's look beyond tomorrow). */
  publishedFrom: "SELECT 1 FROM shifts WHERE start_at >= ? AND published_json IS NOT NULL LIMIT 1",
  /** Deletes the drafts (never published) begun in [start, end): clear week. */
  clearDrafts: "DELETE FROM shifts WHERE start_at >= ? AND start_at < ? AND published_json IS NULL",
} as const;

/** Shifts are at most 16 hours: one that overlaps a period began at most this long before it. */
export const SHIFT_LOOKBACK_MS = 16 * 60 * 60_000;

export const toStoredShift = (row: ShiftRow): StoredShift => ({
  id: row.id,
  employeeId: row.employee_id,
  start: row.start_at,
  end: row.end_at,
  breakMinutes: row.break_minutes,
  role: row.role,
  notes: row.notes,
  week: row.week,
  published: row.published_json ? (JSON.parse(row.published_json) as Omit<PlannedShift, "id">) : null,
  deleted: row.deleted === 1,
});

/** A shift as a manager asks for it: everything but its id. */
export type ShiftFields = Omit<PlannedShift, "id">;

const publishedJson = (shift: ShiftFields) =>
  JSON.stringify({
    employeeId: shift.employeeId,
    start: shift.start,
    end: shift.end,
    breakMinutes: shift.breakMinutes,
    role: shift.role,
    notes: shift.notes,
  } satisfies ShiftFields);

export type RotaWeekRow = { publishedAt: number; publishedBy: string; publishedByName: string };

export class HubRota {
  constructor(private readonly sql: SqlStorage) {}

  /** Every stored shift begun in the period, as planned now and as published. */
  begunBetween(bounds: Bounds): StoredShift[] {
    return this.sql
      .exec<ShiftRow>(ROTA_QUERIES.begunBetween, bounds.start, bounds.end)
      .toArray()
      .map(toStoredShift);
  }

  /** One employee's stored shifts begun in the period. */
  employeeBegunBetween(employeeId: string, bounds: Bounds): StoredShift[] {
    return this.sql
      .exec<ShiftRow>(ROTA_QUERIES.employeeBegunBetween, employeeId, bounds.start, bounds.end)
      .toArray()
      .map(toStoredShift);
  }

  /**
   * The shifts staff were told of that overlap the period, as published: what lateness, no-shows, variance
   * and pay to the rota go by. A draft, or a change not yet published, counts for none of them.
   */
  publishedOverlapping(bounds: Bounds): PlannedShift[] {
    const planned: PlannedShift[] = [];
    for (const shift of this.begunBetween({ start: bounds.start - SHIFT_LOOKBACK_MS, end: bounds.end })) {
      if (!shift.published) continue;
      const published = { id: shift.id, ...shift.published };
      if (published.start < bounds.end && published.end > bounds.start) planned.push(published);
    }
    return planned.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));
  }

  /** Whether a shift staff were told of starts at or after `at`. */
  publishedFrom(at: number): boolean {
    return this.sql.exec(ROTA_QUERIES.publishedFrom, at).toArray().length > 0;
  }

  /** Claims a shift's no-show e-mail: true the first time only, so it is sent once (table no_show_mail). */
  claimNoShowMail(shiftId: string, now: number): boolean {
    return (
      this.sql.exec("INSERT OR IGNORE INTO no_show_mail (shift_id, mailed_at) VALUES (?, ?)", shiftId, now)
        .rowsWritten > 0
    );
  }

  /** When a week was published and by whom; null while it never was. */
  publication(week: string): RotaWeekRow | null {
    const [row] = this.sql
      .exec<{ published_at: number; published_by: string; published_by_name: string }>(
        "SELECT published_at, published_by, published_by_name FROM rota_weeks WHERE week = ?",
        week,
      )
      .toArray();
    return row
      ? {
          publishedAt: row.published_at,
          publishedBy: row.published_by,
          publishedByName: row.published_by_name,
        }
      : null;
  }

  /**
   * Shifts written outside the dashboard (the demo's seed) join the rota by id, so taking them twice adds
   * nothing; a published one is published as it is, and its week with it. No await between the writes: the
   * hub's storage makes them one transaction.
   */
  importShifts(shifts: readonly ShiftImport[], timeZone: string) {
    const now = Date.now();
    for (const shift of shifts) {
      const planned = {
        employeeId: shift.employeeId,
        start: shift.start,
        end: shift.end,
        breakMinutes: shift.breakMinutes,
        role: shift.role,
        notes: shift.notes,
      };
      const week = weekOf(shift.start, timeZone);
      const by = shift.publishedBy ?? { id: "import", name: "Import" };
      this.sql.exec(
        `INSERT OR IGNORE INTO shifts (id, employee_id, start_at, end_at, break_minutes, role, notes, week,
           published_json, updated_at, updated_by, updated_by_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        shift.id,
        shift.employeeId,
        shift.start,
        shift.end,
        shift.breakMinutes,
        shift.role,
        shift.notes,
        week,
        shift.publishedBy ? publishedJson(planned) : null,
        now,
        by.id,
        by.name,
      );
      if (shift.publishedBy) {
        this.sql.exec(
          `INSERT INTO rota_weeks (week, published_at, published_by, published_by_name) VALUES (?, ?, ?, ?)
           ON CONFLICT (week) DO NOTHING`,
          week,
          now,
          shift.publishedBy.id,
          shift.publishedBy.name,
        );
      }
    }
  }

  // --- Writes: each is called inside the room's one transaction (rooms/rota.ts) ---

  /** A shift as stored, or null (deleted after publishing counts as gone). */
  find(id: string): StoredShift | null {
    const [row] = this.sql
      .exec<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shifts WHERE id = ? AND deleted = 0`, id)
      .toArray();
    return row ? toStoredShift(row) : null;
  }

  /** The same employee's other shift (not deleted) that this one would overlap, or null; open shifts never do. */
  clash(shift: ShiftFields, exceptId: string | null): StoredShift | null {
    if (shift.employeeId === null) return null;
    const near = this.employeeBegunBetween(shift.employeeId, {
      start: shift.start - SHIFT_LOOKBACK_MS,
      end: shift.end,
    });
    return near.find((s) => !s.deleted && s.id !== exceptId && s.end > shift.start) ?? null;
  }

  /** Whether the employee may be given shifts: on the location's staff, not deleted or made inactive. */
  mayWork(employeeId: string): boolean {
    return (
      this.sql.exec("SELECT 1 FROM staff WHERE id = ? AND deleted = 0 AND active = 1", employeeId).toArray()
        .length > 0
    );
  }

  /**
   * Adds a shift, or changes one as planned: what staff were shown (`published_json`) stays until the week is
   * published again.
   */
  save(id: string, shift: ShiftFields, week: string, by: Manager, now: number) {
    this.sql.exec(
      `INSERT INTO shifts (id, employee_id, start_at, end_at, break_minutes, role, notes, week, published_json,
         deleted, updated_at, updated_by, updated_by_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET employee_id = excluded.employee_id, start_at = excluded.start_at,
         end_at = excluded.end_at, break_minutes = excluded.break_minutes, role = excluded.role,
         notes = excluded.notes, week = excluded.week, updated_at = excluded.updated_at,
         updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name`,
      id,
      shift.employeeId,
      shift.start,
      shift.end,
      shift.breakMinutes,
      shift.role,
      shift.notes,
      week,
      now,
      by.id,
      by.name,
    );
  }

  /** A draft goes; a shift staff were shown is marked deleted, to tell them at the next publication. */
  remove(shift: StoredShift, by: Manager, now: number) {
    if (shift.published === null) this.sql.exec("DELETE FROM shifts WHERE id = ?", shift.id);
    else
      this.sql.exec(
        "UPDATE shifts SET deleted = 1, updated_at = ?, updated_by = ?, updated_by_name = ? WHERE id = ?",
        now,
        by.id,
        by.name,
        shift.id,
      );
  }

  /** Deletes the drafts (never published) begun in the period; how many. */
  clearDrafts(bounds: Bounds): number {
    return this.sql.exec(ROTA_QUERIES.clearDrafts, bounds.start, bounds.end).rowsWritten;
  }

  /**
   * Publishes the given shifts (a week's, as begunBetween read them): each is published as it now stands,
   * those deleted since the last publication go, and the week records who published it and when.
   */
  publish(week: string, shifts: readonly StoredShift[], by: Manager, now: number) {
    for (const shift of shifts) {
      if (shift.deleted) this.sql.exec("DELETE FROM shifts WHERE id = ?", shift.id);
      else this.sql.exec("UPDATE shifts SET published_json = ? WHERE id = ?", publishedJson(shift), shift.id);
    }
    this.sql.exec(
      `INSERT INTO rota_weeks (week, published_at, published_by, published_by_name) VALUES (?, ?, ?, ?)
       ON CONFLICT (week) DO UPDATE SET published_at = excluded.published_at,
         published_by = excluded.published_by, published_by_name = excluded.published_by_name`,
      week,
      now,
      by.id,
      by.name,
    );
  }
}
