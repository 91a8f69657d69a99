import type { KioskAppearance } from "../contracts/appearance";
import type { KioskAction, KioskEmployee } from "../contracts/kiosk";
import type { AttendanceStatus } from "../contracts/live";
import type { HoursSession } from "../domain/hours";
import type { AttendanceSession, SiteSnapshot } from "../domain/hub-exchange";
import { attendanceStatus } from "../domain/live-status";
import type { Punchable } from "../domain/punch-rules";
import { newId } from "../lib/crypto";
import { HubApprovals } from "./hub-approvals";
import { HubAuditOutbox } from "./hub-audit";
import { HubBreaks } from "./hub-breaks";
import { HubStaff, type StaffEditor } from "./hub-staff";

// The location's data plane, in its hub's SQLite (schema: hub-schema.ts). The hub is the system
// of record for the location's attendance sessions; the site, its staff and its devices are what the
// control plane (D1) last pushed, so that a kiosk is answered without a D1 round trip.

export type { AttendanceSession, SiteSnapshot };
export type Site = NonNullable<SiteSnapshot["location"]>;

/** A session of at most this length is found by a period query looking back this far from its start. */
export const SESSION_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Word for word the partial index's condition (migration 3), or SQLite will not use the index. */
const LONG_OR_OPEN = "check_out_at IS NULL OR check_out_at - check_in_at > 86400000";

export type Bounds = { start: number; end: number };

/** A session or entry that overlaps [start, end): what `overlapping` reads, as a test on one row. */
export const overlaps = (e: { checkIn: number; checkOut: number | null }, bounds: Bounds) =>
  e.checkIn < bounds.end && (e.checkOut === null || e.checkOut > bounds.start);

const SESSION_COLUMNS =
  "id, employee_id, check_in_at, check_out_at, closed_by, needs_review, after_approval, offline, on_leave";
const REACHES_START = "(check_out_at IS NULL OR check_out_at > ?)";

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
};

type PeriodRow = Pick<SessionRow, "id" | "employee_id" | "check_in_at" | "check_out_at" | "closed_by"> & {
  needs_review: number;
  after_approval: number;
  offline: number;
  on_leave: string | null;
};

const toRecorded = (row: PeriodRow): RecordedSession => ({
  id: row.id,
  employeeId: row.employee_id,
  checkIn: row.check_in_at,
  checkOut: row.check_out_at,
  closedBy: row.closed_by,
  needsReview: row.needs_review === 1,
  afterApproval: row.after_approval === 1,
  offline: row.offline === 1,
  onLeave: row.on_leave,
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

const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

type StoredSite = Site & { syncedAt: number; backfilledAt: number | null };
type RosterEntry = { id: string; name: string; deleted: boolean; adultFrom: string | null };

export class HubRecords {
  private readonly sql: SqlStorage;
  // The site and the staff a punch is decided on, read once and kept until this class next writes them: every
  // punch needs both, and nothing else writes those tables (the hub is their only writer).
  #site: StoredSite | null | undefined;
  #punchable: Punchable[] | undefined;
  /** Everyone on the staff table, deleted employees too: the names and birthdays every live-status push needs. */
  #roster: RosterEntry[] | undefined;
  /** Live Status's window of sessions, by id, as last read: see `liveWindow`. */
  #live: { bounds: Bounds; sessions: Map<string, RecordedSession> } | undefined;
  /** Sessions written since the window was last read: it reads just these again. */
  readonly #touched = new Set<string>();
  /** The breaks clocked inside the sessions. */
  readonly breaks: HubBreaks;
  /** The pay periods approved, and so locked, per employee. */
  readonly approvals: HubApprovals;
  /** Audit rows of the hub's own records waiting for D1. */
  readonly audits: HubAuditOutbox;
  /** What the hub owns of its staff: PINs, own breaks, statuses. */
  readonly staff: HubStaff;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.breaks = new HubBreaks(this.sql);
    this.audits = new HubAuditOutbox(this.sql);
    this.approvals = new HubApprovals(this.sql, this.audits);
    this.staff = new HubStaff(storage, this.audits);
  }

  /** Storage was erased or rewritten under this class: read the site and staff again. */
  forgetCached() {
    this.#site = undefined;
    this.#punchable = undefined;
    this.#roster = undefined;
    this.#live = undefined;
    this.approvals.forget();
    this.staff.forgetCached();
  }

  // --- The site, as the control plane last described it ---

  site(): StoredSite | null {
    if (this.#site === undefined) this.#site = this.#readSite();
    return this.#site;
  }

  #readSite(): StoredSite | null {
    const [row] = this.sql
      .exec<{
        location_id: string;
        name: string;
        timezone: string;
        open: number;
        only_paired: number;
        record_breaks: number;
        auto_close_after_hours: number | null;
        workday_minutes: number;
        appearance: string;
        synced_at: number;
        backfilled_at: number | null;
      }>("SELECT * FROM site")
      .toArray();
    if (!row) return null;
    return {
      id: row.location_id,
      name: row.name,
      timezone: row.timezone,
      open: row.open === 1,
      onlyPaired: row.only_paired === 1,
      recordBreaks: row.record_breaks === 1,
      autoCloseAfterHours: row.auto_close_after_hours,
      workdayMinutes: row.workday_minutes,
      appearance: JSON.parse(row.appearance) as KioskAppearance,
      syncedAt: row.synced_at,
      backfilledAt: row.backfilled_at,
    };
  }

  /**
   * Replaces the site, staff and devices with the control plane's snapshot, in one transaction. Returns the
   * open sessions of employees who can no longer punch (deactivated or deleted): the caller closes them.
   */
  applySnapshot(snapshot: SiteSnapshot, now: number) {
    const { location } = snapshot;
    if (!location) return;
    this.forgetCached();
    this.storage.transactionSync(() => {
      this.sql.exec(
        `INSERT INTO site (one, location_id, name, timezone, open, only_paired, record_breaks,
           auto_close_after_hours, workday_minutes, appearance, synced_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (one) DO UPDATE SET location_id = excluded.location_id, name = excluded.name,
           timezone = excluded.timezone, open = excluded.open, only_paired = excluded.only_paired,
           record_breaks = excluded.record_breaks, auto_close_after_hours = excluded.auto_close_after_hours,
           workday_minutes = excluded.workday_minutes, appearance = excluded.appearance,
           synced_at = excluded.synced_at`,
        location.id,
        location.name,
        location.timezone,
        location.open ? 1 : 0,
        location.onlyPaired ? 1 : 0,
        location.recordBreaks ? 1 : 0,
        location.autoCloseAfterHours,
        location.workdayMinutes,
        JSON.stringify(location.appearance),
        now,
      );
      this.sql.exec("DELETE FROM staff");
      for (const e of snapshot.staff) {
        this.sql.exec(
          "INSERT INTO staff (id, first_name, last_name, username, active, deleted, adult_from) VALUES (?, ?, ?, ?, ?, ?, ?)",
          e.id,
          e.firstName,
          e.lastName,
          e.username,
          e.active ? 1 : 0,
          e.deleted ? 1 : 0,
          e.adultFrom,
        );
      }
      const paired = new Set(snapshot.devices);
      for (const { id } of this.sql.exec<{ id: string }>("SELECT id FROM devices").toArray()) {
        if (!paired.has(id)) this.sql.exec("DELETE FROM devices WHERE id = ?", id);
      }
      for (const id of paired) this.sql.exec("INSERT OR IGNORE INTO devices (id) VALUES (?)", id);
    });
  }

  markBackfilled(now: number) {
    this.sql.exec("UPDATE site SET backfilled_at = ?", now);
    this.#site = undefined;
  }

  /** Employees who may be named at a kiosk (not deleted), with what a punch is decided on. */
  punchable(): readonly Punchable[] {
    this.#punchable ??= this.sql
      .exec<{
        id: string;
        first_name: string;
        last_name: string;
        username: string;
        pin_hash: string;
        active: number;
      }>(
        `SELECT s.id, s.first_name, s.last_name, s.username, coalesce(p.pin_hash, '') AS pin_hash, s.active
         FROM staff s LEFT JOIN pins p ON p.employee_id = s.id WHERE s.deleted = 0`,
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        username: row.username,
        pinHash: row.pin_hash,
        active: row.active === 1,
      }));
    return this.#punchable;
  }

  /** Stores an employee's PIN hash; `by`: a manager changed it (audited). */
  setPin(employeeId: string, pinHash: string, now: number, by: StaffEditor | null) {
    this.staff.setPin(employeeId, pinHash, now, by);
    this.#punchable = undefined;
  }

  /** Active staff, as a kiosk lists them: by first then last name. */
  kioskStaff(): KioskEmployee[] {
    return this.sql
      .exec<KioskEmployee>(
        `SELECT id, first_name, last_name, username FROM staff WHERE deleted = 0 AND active = 1
         ORDER BY first_name COLLATE NOCASE, last_name COLLATE NOCASE, username`,
      )
      .toArray();
  }

  /** Names by employee id; `current` leaves out deleted employees. */
  names(current: boolean): Map<string, string> {
    const staff = this.#staffRoster().filter((e) => !current || !e.deleted);
    return new Map(staff.map((e) => [e.id, e.name]));
  }

  /** Employees under 18 on `date` (yyyy-mm-dd, the location's day). */
  youngOn(date: string): Set<string> {
    return new Set(
      this.#staffRoster().flatMap((e) => (e.adultFrom !== null && e.adultFrom > date ? [e.id] : [])),
    );
  }

  #staffRoster(): RosterEntry[] {
    this.#roster ??= this.sql
      .exec<{ id: string; name: string; deleted: number; adult_from: string | null }>(
        "SELECT id, first_name || ' ' || last_name AS name, deleted, adult_from FROM staff",
      )
      .toArray()
      .map((row) => ({ id: row.id, name: row.name, deleted: row.deleted === 1, adultFrom: row.adult_from }));
    return this.#roster;
  }

  isPaired(deviceId: string): boolean {
    return this.sql.exec("SELECT 1 FROM devices WHERE id = ?", deviceId).toArray().length > 0;
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
      return {
        status: "checked_out",
        checkInAt: closed.check_in_at,
        breakStartedAt: ended?.start ?? null,
        breaks: this.breaks.of([closed.id]),
      };
    }
    const open = this.openSessionOf(employeeId);
    if (open) return { status: "already_in", since: open.checkIn };
    if (!this.punchable().some((e) => e.id === employeeId && e.active)) return { status: "inactive" };
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
    return { status: "checked_in", sessionId: id };
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
    this.#flagIfApproved(session.id, employeeId, session.checkIn, at);
    return { status: "break_started" };
  }

  #endBreak(employeeId: string, at: number): PunchWritten {
    const session = this.openSessionOf(employeeId);
    if (!session) return { status: "not_in" };
    const ended = this.breaks.endOpen(employeeId, at);
    if (!ended) return { status: "not_on_break" };
    this.#flagIfApproved(session.id, employeeId, session.checkIn, at);
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

  /** A session was written: Live Status's window reads it again before it is next used. */
  touched(id: string) {
    if (this.#live) this.#touched.add(id);
  }

  /**
   * `overlapping(bounds)` for Live Status's window (today and the day before), which every push reads: read
   * once, then kept in step by reading again only the sessions written since (each writer here says which,
   * through `touched`). On a busy day that is one or two rows a push instead of hundreds, and the rows are
   * read after the write's transaction ended, so a rolled-back write leaves nothing behind.
   */
  liveWindow(bounds: Bounds): RecordedSession[] {
    const live = this.#live;
    if (!live || live.bounds.start !== bounds.start || live.bounds.end !== bounds.end) {
      this.#touched.clear();
      const sessions = this.overlapping(bounds);
      this.#live = { bounds, sessions: new Map(sessions.map((s) => [s.id, s])) };
      return sessions;
    }
    if (this.#touched.size > 0) {
      const ids = [...this.#touched];
      this.#touched.clear();
      const read = new Map(this.byIds(ids).map((s) => [s.id, s]));
      for (const id of ids) {
        const session = read.get(id);
        if (session && overlaps(session, bounds)) {
          live.sessions.set(id, session);
        } else {
          live.sessions.delete(id);
        }
      }
    }
    // In check-in order, as `overlapping` reads them (the map keeps the order they were added in).
    return [...live.sessions.values()].sort((a, b) => a.checkIn - b.checkIn);
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
      names: this.names(false),
      currentStaff: this.names(true),
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
    this.#live = undefined;
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

  devicesLastUsed(): Record<string, number> {
    const rows = this.sql
      .exec<{ id: string; last_used_at: number }>(
        "SELECT id, last_used_at FROM devices WHERE last_used_at IS NOT NULL",
      )
      .toArray();
    return Object.fromEntries(rows.map((row) => [row.id, row.last_used_at]));
  }

  /** Device use to report: the last time each device punched, since the last report. */
  touchDevice(deviceId: string, at: number) {
    this.sql.exec("UPDATE devices SET last_used_at = ?, reported = 0 WHERE id = ?", at, deviceId);
  }

  unreported() {
    const days = this.sql
      .exec<{ day: string; check_ins: number }>(
        "SELECT day, check_ins FROM daily_check_ins WHERE reported = 0",
      )
      .toArray()
      .map((row) => ({ day: row.day, checkIns: row.check_ins }));
    const devices = this.sql
      .exec<{ id: string; last_used_at: number }>(
        "SELECT id, last_used_at FROM devices WHERE reported = 0 AND last_used_at IS NOT NULL",
      )
      .toArray()
      .map((row) => ({ id: row.id, lastUsedAt: row.last_used_at }));
    return { days, devices };
  }

  /** Marks reported what is still as it was sent; a punch since then leaves its row to be sent again. */
  markReported(sent: ReturnType<HubRecords["unreported"]>) {
    for (const { day, checkIns } of sent.days) {
      this.sql.exec("UPDATE daily_check_ins SET reported = 1 WHERE day = ? AND check_ins = ?", day, checkIns);
    }
    for (const { id, lastUsedAt } of sent.devices) {
      this.sql.exec("UPDATE devices SET reported = 1 WHERE id = ? AND last_used_at = ?", id, lastUsedAt);
    }
  }

  hasUnreported(): boolean {
    return (
      this.sql.exec("SELECT 1 FROM daily_check_ins WHERE reported = 0 LIMIT 1").toArray().length > 0 ||
      this.sql.exec("SELECT 1 FROM devices WHERE reported = 0 LIMIT 1").toArray().length > 0
    );
  }
}
