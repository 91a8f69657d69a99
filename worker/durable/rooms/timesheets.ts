import type { EntryVersion } from "../../contracts/timesheets";
import { safeTimeZone } from "../../domain/local-time";
import { rotaExceptions } from "../../domain/rota-variance";
import { isOpen } from "../../domain/staff-queries";
import { DAY_MS, localDateOf } from "../../domain/time-zone";
import type { Entry } from "../../domain/timesheet";
import type { Approval, ApprovedPeriod } from "../hub-approvals";
import type { HubCore } from "../hub-core";
import type { Correction, CorrectionResult, Manager } from "../hub-entries";
import type { PunchPosition } from "../hub-positions";
import type { AttendanceSession, Bounds } from "../hub-records";

/** An approval, or why not: entries in the period still need review (the manager is told how many). */
export type ApprovalResult =
  | { ok: true; approved: Approval[] }
  | { ok: false; refusal: "needs_review"; detail: string };

/** The timesheets' room: entries as they stand, a manager's corrections, and pay-period approvals. */
export class TimesheetRoom {
  constructor(private readonly hub: HubCore) {}

  /**
   * The entries of a period as they now stand, voided ones included, and when the latest entry waiting for
   * review began, in any period (the Timesheets view).
   */
  async entries(
    bounds: Bounds,
  ): Promise<{ entries: Entry[]; latestReview: number | null; approvals: Approval[] }> {
    await this.hub.site();
    return {
      entries: this.hub.entries.overlapping(bounds),
      latestReview: this.hub.forgotten.latestNeedingReview(),
      approvals: [...this.hub.records.approvals.covering(bounds.start, bounds.end).values()],
    };
  }

  /** The entries overlapping [start, end) as they now stand, and the approved periods that overlap it. */
  async attendance(bounds: Bounds): Promise<{ entries: Entry[]; approvals: ApprovedPeriod[] }> {
    await this.hub.site();
    return {
      entries: this.hub.entries.overlapping(bounds),
      approvals: this.hub.records.approvals.overlapping(bounds.start, bounds.end),
    };
  }

  /**
   * Approves a pay period for these employees, which locks their entries in it. Refused while any of their
   * entries in it needs review (closed by the auto-close, punched after an approval, or still open) or they
   * have a query open about it (docs/staff-app.md), unless the manager says they reviewed them: then those
   * are marked reviewed with the approval, in one step.
   */
  async approve(
    period: { key: string; start: number; end: number },
    employeeIds: string[],
    reviewedExceptions: boolean,
    by: Manager,
  ): Promise<ApprovalResult> {
    const { hub } = this;
    const site = await hub.site();
    const chosen = new Set(employeeIds);
    const all = hub.entries.overlapping(period).filter((e) => chosen.has(e.employeeId));
    const theirs = all.filter((e) => !e.voided);
    const exceptions = theirs.filter((e) => e.needsReview || e.afterApproval || e.checkOut === null);
    // The plan's exceptions count too (docs/rota.md): entries with no shift and shifts nobody came for.
    const onPlan = rotaExceptions(
      theirs,
      hub.rota
        .publishedOverlapping({ start: period.start - DAY_MS, end: period.end + DAY_MS })
        .filter((shift) => shift.employeeId !== null && chosen.has(shift.employeeId)),
      { now: Date.now(), timeZone: safeTimeZone(site?.timezone), period },
    );
    const timeZone = safeTimeZone(site?.timezone);
    const queries = hub.queries
      .about(
        all.map((e) => e.id),
        localDateOf(period.start, timeZone),
        localDateOf(period.end - 1, timeZone),
      )
      .filter((query) => chosen.has(query.employeeId) && isOpen(query));
    const toReview = exceptions.length + onPlan.unplanned.length + onPlan.noShows.length + queries.length;
    if (toReview > 0 && !reviewedExceptions) {
      const n = toReview;
      const detail = `${n} ${n === 1 ? "entry still needs" : "entries still need"} review. Review ${n === 1 ? "it" : "them"} in the timesheet, or confirm that you have, before approving.`;
      return { ok: false, refusal: "needs_review", detail };
    }
    const now = Date.now();
    let approved: Approval[] = [];
    hub.ctx.storage.transactionSync(() => {
      for (const entry of exceptions) hub.records.markReviewed(entry.id);
      hub.queries.markReviewed(
        queries.map((query) => query.id),
        now,
      );
      approved = hub.records.approvals.approve(period, employeeIds, by, now, toReview);
    });
    await hub.afterAudited();
    return { ok: true, approved };
  }

  /** Unlocks an approved pay period for everyone approved for it; how many approvals were lifted. */
  async unlock(periodKey: string, reason: string, by: Manager): Promise<number> {
    await this.hub.site();
    const unlocked = this.hub.records.approvals.unlock(periodKey, reason, by, Date.now());
    if (unlocked > 0) {
      // A forgotten session the lock held open may be due for the auto-close now.
      await this.hub.ensureAutoCloseAlarm();
      await this.hub.afterAudited();
    }
    return unlocked;
  }

  /** An entry as recorded and every correction since, or null when this location has no such entry. */
  async entryHistory(
    entryId: string,
  ): Promise<{ entry: Entry; history: EntryVersion[]; positions: PunchPosition[] } | null> {
    await this.hub.site();
    const entry = this.hub.entries.entry(entryId);
    const history = this.hub.entries.history(entryId);
    const positions = this.hub.records.positions.of([entryId]);
    return entry && history ? { entry, history, positions } : null;
  }

  /**
   * A manager's correction (add, edit or void an entry), checked against the employee's other entries and
   * recorded in one step with the punches. Its audit row reaches D1 before this answers, or through the
   * outbox should D1 fail; the dashboards hear of it at once.
   */
  async correct(change: Correction, by: Manager): Promise<CorrectionResult> {
    const site = await this.hub.site();
    if (!site) return { ok: false, refusal: "not_found", detail: "Location not found" };
    const result = this.hub.entries.apply(change, by, Date.now(), safeTimeZone(site.timezone));
    if (!result.ok) return result;
    await this.hub.afterAudited();
    return result;
  }

  /** Closes the employee's open session as the manager: the session as it was, or null if none was open. */
  async closeSession(
    employeeId: string,
    at: number,
    options: { refuseIfLocked?: boolean } = {},
  ): Promise<AttendanceSession | null | "locked"> {
    const { hub } = this;
    await hub.site();
    const open = options.refuseIfLocked ? hub.records.openSessionOf(employeeId) : null;
    if (open && hub.records.approvals.locks(employeeId, open.checkIn, at)) return "locked";
    const closed = hub.records.closeByManager(employeeId, at);
    if (closed) hub.waitUntil(hub.live.pushLiveStatus());
    return closed;
  }
}
