import type { HoursSession } from "../domain/hours";
import type { AttendanceSession } from "../domain/hub-exchange";

// The attendance sessions as the hub's SQLite holds them (table `sessions`, hub-schema.ts): the rows, what
// they become, and the index-only queries that answer any question about a period.

/** A session of at most this length is found by a period query looking back this far from its start. */
export const SESSION_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Word for word the partial index's condition (migration 3), or SQLite will not use the index. */
export const LONG_OR_OPEN = "check_out_at IS NULL OR check_out_at - check_in_at > 86400000";

export type Bounds = { start: number; end: number };

/** A session or entry that overlaps [start, end): what `overlapping` reads, as a test on one row. */
export const overlaps = (e: { checkIn: number; checkOut: number | null }, bounds: Bounds) =>
  e.checkIn < bounds.end && (e.checkOut === null || e.checkOut > bounds.start);

export const SESSION_COLUMNS =
  "id, employee_id, check_in_at, check_out_at, closed_by, needs_review, after_approval, offline, on_leave, phone";
export const REACHES_START = "(check_out_at IS NULL OR check_out_at > ?)";

/** The queries behind every question about a period (a day, a week, a month): index searches only. */
export const PERIOD_QUERIES = {
  /** Sessions begun before the lookback that are still open or longer than a day (the partial index). */
  longOrOpen: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE check_in_at < ? AND (${LONG_OR_OPEN}) AND ${REACHES_START}`,
  /** Sessions begun from the lookback to the period's end (the check-in index). */
  recent: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE check_in_at >= ? AND check_in_at < ? AND ${REACHES_START}`,
  checkIns: "SELECT employee_id, check_in_at FROM sessions WHERE check_in_at >= ? AND check_in_at < ?",
} as const;

export type PunchWritten =
  | { status: "checked_in"; sessionId: string }
  | { status: "already_in"; since: number }
  | { status: "inactive" }
  /** `breakStartedAt`: the check-out came during the break begun then, which ended with it. */
  | {
      status: "checked_out";
      checkInAt: number;
      breakStartedAt: number | null;
      /** The session's breaks, for the worked time the kiosk says. */
      breaks: { start: number; end: number | null }[];
    }
  | { status: "not_in" }
  | { status: "break_started" }
  | { status: "already_on_break"; since: number }
  | { status: "break_ended"; startedAt: number }
  | { status: "not_on_break" };

/** A session as a period query reads it: what the hours and the timesheet need. */
export type RecordedSession = HoursSession & {
  closedBy: AttendanceSession["closedBy"];
  needsReview: boolean;
  /** A kiosk punch changed it after its pay period was approved. */
  afterApproval: boolean;
  /** A paired kiosk recorded a punch of it while offline. */
  offline: boolean;
  /** Checked in on a day of sick leave or holiday (the status then), or null. */
  onLeave: string | null;
  /** Checked in from the staff member's phone (docs/staff-app.md). */
  phone: boolean;
};

export type PeriodRow = Pick<
  SessionRow,
  "id" | "employee_id" | "check_in_at" | "check_out_at" | "closed_by"
> & {
  needs_review: number;
  after_approval: number;
  offline: number;
  on_leave: string | null;
  phone: number;
};

export const toRecorded = (row: PeriodRow): RecordedSession => ({
  id: row.id,
  employeeId: row.employee_id,
  checkIn: row.check_in_at,
  checkOut: row.check_out_at,
  closedBy: row.closed_by,
  needsReview: row.needs_review === 1,
  afterApproval: row.after_approval === 1,
  offline: row.offline === 1,
  onLeave: row.on_leave,
  phone: row.phone === 1,
});

export type SessionRow = {
  id: string;
  employee_id: string;
  check_in_at: number;
  check_out_at: number | null;
  closed_by: "kiosk" | "manager" | "auto" | null;
  created_at: number;
};
export const toSession = (row: SessionRow): AttendanceSession => ({
  id: row.id,
  employeeId: row.employee_id,
  checkIn: row.check_in_at,
  checkOut: row.check_out_at,
  closedBy: row.closed_by,
  createdAt: row.created_at,
});
