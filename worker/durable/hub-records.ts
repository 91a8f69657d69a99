import type { KioskAction } from "../contracts/kiosk";
import type { AttendanceStatus } from "../contracts/live";
import type { AttendanceSession, SiteSnapshot } from "../domain/hub-exchange";
import { attendanceStatus } from "../domain/live-status";
import { newId } from "../lib/crypto";
import { HubApprovals } from "./hub-approvals";
import { HubAuditOutbox } from "./hub-audit";
import { HubBreaks } from "./hub-breaks";
import { PunchPositions } from "./hub-positions";
import { PunchEvents } from "./hub-punch-events";
import { SiteCopy, type StoredSite } from "./hub-site-copy";
import { HubStaff, type StaffEditor } from "./hub-staff";
import { UsageOutbox } from "./hub-usage";
import {
  type Bounds,
  overlaps,
  PERIOD_QUERIES,
  type PeriodRow,
  type PunchWritten,
  type RecordedSession,
  SESSION_COLUMNS,
  SESSION_LOOKBACK_MS,
  type SessionRow,
  toRecorded,
  toSession,
} from "./session-rows";

// The location's data plane, in its hub's SQLite (schema: hub-schema.ts). The hub is the system
// of record for the location's attendance sessions; the site, its staff and its devices are what the
// control plane (D1) last pushed, so that a kiosk is answered without a D1 round trip.

export type { Site } from "./hub-site-copy";
export type { AttendanceSession, SiteSnapshot };
export {
  type Bounds,
  overlaps,
  PERIOD_QUERIES,
  type RecordedSession,
  SESSION_LOOKBACK_MS,
  type SessionRow,
  toSession,
};

const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

export class HubRecords {
  private readonly sql: SqlStorage;
  /** The site, its staff and devices, as the control plane last described them. */
  readonly siteCopy: SiteCopy;
  /** Check-ins and device use waiting for D1. */
  readonly usage: UsageOutbox;
  /**
   * Sessions and entries written since Live Status last read them (hub-live-day.ts); null: it reads its
   * whole window again (at first, and after storage was rewritten under this class).
   */
  #touched: Set<string> | null = null;
  /** The breaks clocked inside the sessions. */
  readonly breaks: HubBreaks;
  /** The pay periods approved, and so locked, per employee. */
  readonly approvals: HubApprovals;
  /** Audit rows of the hub's own records waiting for D1. */
  readonly audits: HubAuditOutbox;
  /** What the hub owns of its staff: PINs, own breaks, statuses. */
  readonly staff: HubStaff;
  /** Where each phone punch was made (docs/staff-app.md). */
  readonly positions: PunchPositions;
  /** Punches waiting for the account's webhooks (docs/webhooks.md). */
  readonly punchEvents: PunchEvents;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.breaks = new HubBreaks(this.sql);
    this.audits = new HubAuditOutbox(this.sql);
    this.approvals = new HubApprovals(this.sql, this.audits);
    this.staff = new HubStaff(storage, this.audits);
    this.positions = new PunchPositions(this.sql);
    this.punchEvents = new PunchEvents(this.sql);
    this.siteCopy = new SiteCopy(storage);
    this.usage = new UsageOutbox(this.sql);
  }

  /** Storage was erased or rewritten under this class: read the site and staff again. */
  forgetCached() {
    this.siteCopy.forgetCached();
    this.#touched = null;
    this.approvals.forget();
    this.staff.forgetCached();
  }

  // --- The site, as the control plane last described it (hub-site-copy.ts) ---

  site(): StoredSite | null {
    return this.siteCopy.site();
  }

  /** Replaces the site, staff and devices with the control plane's snapshot, in one transaction. */
  applySnapshot(snapshot: SiteSnapshot, now: number) {
    const { location } = snapshot;
    if (!location) return;
    this.forgetCached();
    this.siteCopy.apply({ ...snapshot, location }, now);
  }

  /** Stores an employee's PIN hash; `by`: a manager changed it (audited). */
  setPin(employeeId: string, pinHash: string, now: number, by: StaffEditor | null) {
    this.staff.setPin(employeeId, pinHash, now, by);
    this.siteCopy.forgetPunchable();
  }

  // --- Attendance ---

  /**
   * Records an accepted punch, synchronously (the hub's decision and its write are one step). A check-in
   * opens a session only for an active employee with none open; a check-out closes the open one. `onLeave`:
   * the employee's status today, kept with a check-in made on a day of leave.
   */
  recordPunch(
    action: KioskAction,
    employeeId: string,
    at: number,
    onLeave: string | null = null,
  ): PunchWritten {
    if (action === "break_start") return this.#startBreak(employeeId, at);
    if (action === "break_end") return this.#endBreak(employeeId, at);
    if (action === "check_out") {
      // A check-out during a break ends the break at the same instant first.
      const ended = this.breaks.endOpen(employeeId, at);
      const [closed] = this.sql
        .exec<{ id: string; check_in_at: number }>(
          `UPDATE sessions SET check_out_at = ?, closed_by = 'kiosk'
           WHERE employee_id = ? AND check_out_at IS NULL RETURNING id, check_in_at`,
          at,
          employeeId,
        )
        .toArray();
      if (!closed) return { status: "not_in" };
      this.touched(closed.id);
      this.#flagIfApproved(closed.id, employeeId, closed.check_in_at, at);
      this.#punched(employeeId, action, at, closed.id);
      return {
        status: "checked_out",
        checkInAt: closed.check_in_at,
        breakStartedAt: ended?.start ?? null,
        breaks: this.breaks.of([closed.id]),
      };
    }
    const open = this.openSessionOf(employeeId);
    if (open) return { status: "already_in", since: open.checkIn };
    if (!this.siteCopy.punchable().some((e) => e.id === employeeId && e.active))
      return { status: "inactive" };
    const id = newId();
    this.sql.exec(
      "INSERT INTO sessions (id, employee_id, check_in_at, created_at, on_leave) VALUES (?, ?, ?, ?, ?)",
      id,
      employeeId,
      at,
      at,
      onLeave,
    );
    this.touched(id);
    this.sql.exec(
      `INSERT INTO daily_check_ins (day, check_ins, reported) VALUES (?, 1, 0)
       ON CONFLICT (day) DO UPDATE SET check_ins = check_ins + 1, reported = 0`,
      utcDay(at),
    );
    this.#flagIfApproved(id, employeeId, at, at);
    this.#punched(employeeId, action, at, id);
    return { status: "checked_in", sessionId: id };
  }

  /** Into the outbox for the account's webhooks, while one of its endpoints wants punches (docs/webhooks.md). */
  #punched(employeeId: string, action: string, at: number, sessionId: string) {
    if (this.siteCopy.site()?.punchWebhooks) this.punchEvents.add(employeeId, action, at, sessionId);
  }

  /** A punch into a pay period already approved is recorded all the same, and marked for the manager. */
  #flagIfApproved(sessionId: string, employeeId: string, start: number, at: number) {
    if (!this.approvals.locks(employeeId, start, at)) return;
    this.sql.exec("UPDATE sessions SET after_approval = 1 WHERE id = ?", sessionId);
    this.touched(sessionId);
  }

  #startBreak(employeeId: string, at: number): PunchWritten {
    const session = this.openSessionOf(employeeId);
    if (!session) return { status: "not_in" };
    const open = this.breaks.openOf(employeeId);
    if (open) return { status: "already_on_break", since: open.start };
    this.breaks.start(session.id, employeeId, at);
    this.touched(session.id);
    this.#flagIfApproved(session.id, employeeId, session.checkIn, at);
    this.#punched(employeeId, "break_start", at, session.id);
    return { status: "break_started" };
  }

  #endBreak(employeeId: string, at: number): PunchWritten {
    const session = this.openSessionOf(employeeId);
    if (!session) return { status: "not_in" };
    const ended = this.breaks.endOpen(employeeId, at);
    if (!ended) return { status: "not_on_break" };
    this.touched(session.id);
    this.#flagIfApproved(session.id, employeeId, session.checkIn, at);
    this.#punched(employeeId, "break_end", at, session.id);
    return { status: "break_ended", startedAt: ended.start };
  }

  /** Counts the UTC day's check-ins afresh from the sessions (one index range: the day's rows). */
  #recount(day: string) {
    const start = Date.parse(`${day}T00:00:00Z`);
    this.sql.exec(
      `INSERT INTO daily_check_ins (day, check_ins, reported)
       SELECT ?, count(*), 0 FROM sessions WHERE check_in_at >= ? AND check_in_at < ?
       ON CONFLICT (day) DO UPDATE SET check_ins = excluded.check_ins, reported = 0`,
      day,
      start,
      start + 24 * 60 * 60_000,
    );
  }

  openSessionOf(employeeId: string): AttendanceSession | null {
    const [row] = this.sql
      .exec<SessionRow>("SELECT * FROM sessions WHERE employee_id = ? AND check_out_at IS NULL", employeeId)
      .toArray();
    return row ? toSession(row) : null;
  }

  /** Every open session, earliest check-in first. */
  openSessions(): AttendanceSession[] {
    return this.sql
      .exec<SessionRow>("SELECT * FROM sessions WHERE check_out_at IS NULL ORDER BY check_in_at")
      .toArray()
      .map(toSession);
  }

  /** Closes the employee's open session as the manager; the session as it was, or null if none was open. */
  closeByManager(employeeId: string, at: number): AttendanceSession | null {
    const open = this.openSessionOf(employeeId);
    if (!open) return null;
    this.breaks.endOpen(employeeId, at);
    this.sql.exec(
      "UPDATE sessions SET check_out_at = ?, closed_by = 'manager' WHERE id = ? AND check_out_at IS NULL",
      at,
      open.id,
    );
    this.touched(open.id);
    this.#flagIfApproved(open.id, employeeId, open.checkIn, at);
    return open;
  }

  /**
   * The sessions that overlap [start, end), and no others, as two index searches: those that began inside
   * the period or up to a day before it (the check-in index), and the rare older ones still open or longer
   * than a day (the partial index, which holds only those). A day's question reads a day's rows.
   */
  overlapping(bounds: Bounds): RecordedSession[] {
    const lookback = bounds.start - SESSION_LOOKBACK_MS;
    return [
      ...this.sql.exec<PeriodRow>(PERIOD_QUERIES.longOrOpen, lookback, bounds.start),
      ...this.sql.exec<PeriodRow>(PERIOD_QUERIES.recent, lookback, bounds.end, bounds.start),
    ].map(toRecorded);
  }

  /** These sessions, by id (those a correction moved into a period). */
  byIds(ids: readonly string[]): RecordedSession[] {
    if (ids.length === 0) return [];
    return this.sql
      .exec<PeriodRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      )
      .toArray()
      .map(toRecorded);
  }

  /** A manager reviewed this session (corrected, confirmed, voided or approved it): it leaves the review list. */
  markReviewed(id: string) {
    this.sql.exec(
      "UPDATE sessions SET needs_review = 0, after_approval = 0 WHERE id = ? AND (needs_review = 1 OR after_approval = 1)",
      id,
    );
    this.touched(id);
  }

  /** The paired kiosk that recorded this session's punch was offline. */
  markOffline(id: string) {
    this.sql.exec("UPDATE sessions SET offline = 1 WHERE id = ?", id);
    this.touched(id);
  }

  /** A session or entry was written: Live Status reads it again before it is next used. */
  touched(id: string) {
    this.#touched?.add(id);
  }

  /** The ids written since the last call, or null when Live Status must read its whole window again. */
  takeTouched(): string[] | null {
    const written = this.#touched;
    this.#touched = new Set();
    return written && [...written];
  }

  /** Live Status for the location's local day: a day's rows, never the location's history. */
  attendance(
    today: Bounds & { date: string },
    zone: string,
    recorded: readonly RecordedSession[] = this.overlapping(today),
  ): AttendanceStatus {
    // The day's sessions hold every open one (an open session reaches today) and every check-in of the day.
    const sessions = recorded.filter((s) => overlaps(s, today));
    const begun = sessions.filter((s) => s.checkIn >= today.start && s.checkIn < today.end);
    return attendanceStatus({
      open: sessions.filter((s) => s.checkOut === null).sort((a, b) => a.checkIn - b.checkIn),
      onBreak: this.breaks.open(),
      today: sessions,
      checkInsToday: begun.length,
      names: this.siteCopy.names(false),
      currentStaff: this.siteCopy.names(true),
      day: today,
      zone,
    });
  }

  /** Check-ins that began in [start, end). */
  checkInsBetween(bounds: Bounds): { employeeId: string; checkIn: number }[] {
    return this.sql
      .exec<{ employee_id: string; check_in_at: number }>(PERIOD_QUERIES.checkIns, bounds.start, bounds.end)
      .toArray()
      .map((row) => ({ employeeId: row.employee_id, checkIn: row.check_in_at }));
  }

  /** Sessions in check-in order after `afterId`'s position, a page at a time (the account export). */
  page(after: { checkIn: number; id: string } | null, limit: number): AttendanceSession[] {
    const rows = after
      ? this.sql.exec<SessionRow>(
          `SELECT * FROM sessions WHERE (check_in_at, id) > (?, ?) ORDER BY check_in_at, id LIMIT ?`,
          after.checkIn,
          after.id,
          limit,
        )
      : this.sql.exec<SessionRow>("SELECT * FROM sessions ORDER BY check_in_at, id LIMIT ?", limit);
    return rows.toArray().map(toSession);
  }

  /**
   * Sessions copied in from elsewhere (the backfill from D1): by id, so copying twice changes nothing. A
   * copied open session yields to one the hub opened meanwhile.
   */
  importSessions(sessions: readonly AttendanceSession[]): number {
    this.#touched = null;
    let inserted = 0;
    const days = new Set<string>();
    this.storage.transactionSync(() => {
      for (const s of sessions) {
        const result = this.sql.exec(
          `INSERT OR IGNORE INTO sessions (id, employee_id, check_in_at, check_out_at, closed_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          s.id,
          s.employeeId,
          s.checkIn,
          s.checkOut,
          s.closedBy,
          s.createdAt,
        );
        if (result.rowsWritten > 0) {
          inserted++;
          days.add(utcDay(s.checkIn));
        }
      }
      for (const day of days) this.#recount(day);
    });
    return inserted;
  }

  // --- Usage for the control plane (the outbox) ---

  sessionCount(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM sessions").one().n;
  }
}
