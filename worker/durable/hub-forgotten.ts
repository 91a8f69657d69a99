import type { AttendanceSession } from "../domain/hub-exchange";
import { type HubRecords, type SessionRow, toSession } from "./hub-records";

// Forgotten clock-outs, in the hub's SQLite: the sessions its alarm closes after the location's
// auto-close hours, flagged for review, and the one e-mail a day that lists them.

export class ForgottenClockOuts {
  private readonly sql: SqlStorage;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly records: HubRecords,
  ) {
    this.sql = storage.sql;
  }

  /**
   * Closes every session open for `afterMs` or longer as of `now`, in one transaction: it ends at its check-in
   * plus the shorter of `afterMs` and the employee's workday (their own, else the location's), is marked
   * closed by `auto` and flagged for review, and a break still open in it ends there too. A session already
   * closed (by a punch decided first, or an earlier run) is left alone, so running again changes nothing.
   */
  close(now: number, afterMs: number, workdayMinutes: number): AttendanceSession[] {
    const due = this.#closable(afterMs).filter((session) => session.checkIn <= now - afterMs);
    if (due.length === 0) return [];
    const own = this.records.staff.workMinutes();
    const closed: AttendanceSession[] = [];
    this.storage.transactionSync(() => {
      for (const session of due) {
        const workMs = (own.get(session.employeeId) ?? workdayMinutes) * 60_000;
        const at = session.checkIn + Math.min(afterMs, workMs);
        this.records.breaks.endOpen(session.employeeId, at);
        const result = this.sql.exec(
          `UPDATE sessions SET check_out_at = ?, closed_by = 'auto', needs_review = 1
           WHERE id = ? AND check_out_at IS NULL`,
          at,
          session.id,
        );
        if (result.rowsWritten > 0) closed.push({ ...session, checkOut: at, closedBy: "auto" });
        this.records.touched(session.id);
      }
    });
    return closed;
  }

  /** When the next open session falls due to be closed, or null when none is open. */
  nextDue(afterMs: number): number | null {
    const [first] = this.#closable(afterMs);
    return first ? first.checkIn + afterMs : null;
  }

  /**
   * Open sessions the auto-close may close, earliest first. One in an approved pay period is not changed: it
   * stays open, as an exception on the timesheet, until the period is unlocked or the employee checks out.
   */
  #closable(afterMs: number): AttendanceSession[] {
    return this.records
      .openSessions()
      .filter((s) => !this.records.approvals.locks(s.employeeId, s.checkIn, s.checkIn + afterMs));
  }

  /**
   * The auto-closed sessions the manager has not been e-mailed about, unless an e-mail already went on
   * `today` (the location's local date): one e-mail per location per day, and what closes later that day
   * waits for the next one.
   */
  toMail(today: string): AttendanceSession[] {
    const [site] = this.sql
      .exec<{ review_mailed_on: string | null }>("SELECT review_mailed_on FROM site")
      .toArray();
    if (site?.review_mailed_on === today) return [];
    return this.sql
      .exec<SessionRow>(
        "SELECT * FROM sessions WHERE needs_review = 1 AND review_mailed = 0 ORDER BY check_in_at",
      )
      .toArray()
      .map(toSession);
  }

  hasUnmailed(): boolean {
    return (
      this.sql.exec("SELECT 1 FROM sessions WHERE needs_review = 1 AND review_mailed = 0 LIMIT 1").toArray()
        .length > 0
    );
  }

  /** The e-mail about these sessions went on `today`. */
  markMailed(sessionIds: readonly string[], today: string) {
    this.storage.transactionSync(() => {
      this.sql.exec(
        "UPDATE sessions SET review_mailed = 1 WHERE id IN (SELECT value FROM json_each(?))",
        JSON.stringify(sessionIds),
      );
      this.sql.exec("UPDATE site SET review_mailed_on = ?", today);
    });
  }

  /** The latest check-in among the sessions waiting for review (the partial index), or null. */
  latestNeedingReview(): number | null {
    return this.sql
      .exec<{ at: number | null }>("SELECT max(check_in_at) AS at FROM sessions WHERE needs_review = 1")
      .one().at;
  }

  /** How many sessions were closed by the hub and not yet reviewed by a manager. */
  needingReview(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE needs_review = 1").one().n;
  }
}
