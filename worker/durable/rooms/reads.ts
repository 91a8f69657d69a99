import type { LiveStatus } from "../../contracts/live";
import type { HoursSession } from "../../domain/hours";
import { offlineRefusedOf } from "../../domain/live-status";
import { lockedOut, onLeaveToday } from "../../domain/live-status-lists";
import { localDayBounds, safeTimeZone } from "../../domain/local-time";
import { countedSessions, type Entry } from "../../domain/timesheet";
import { NO_NIGHT_EXCEPTION } from "../../domain/working-time-night";
import type { ClockedBreak } from "../hub-breaks";
import type { HubCore } from "../hub-core";
import { type AttendanceSession, type Bounds, SESSION_LOOKBACK_MS } from "../hub-records";

/**
 * The dashboard's Live Status, from the hub's own storage: a day's rows, never the location's history, kept in
 * step with each write rather than read again (hub-live-day.ts).
 */
export async function currentStatus(hub: HubCore): Promise<LiveStatus> {
  const { records, liveDay, pins, offline } = hub;
  const site = await hub.site();
  const now = Date.now();
  const zone = safeTimeZone(site?.timezone);
  const today = localDayBounds(now, zone);
  // Today and the day before: who is in, and the rest the warnings count back from.
  const window = { start: today.start - SESSION_LOOKBACK_MS, end: today.end };
  const names = records.siteCopy.names(false);
  const current = records.siteCopy.names(true);
  const sessions = liveDay.sessions(window, zone);
  const leave = records.staff.leaveOn(today.date);
  return {
    ...records.attendance(today, zone, sessions),
    warnings: liveDay.warnings(window, today, {
      zone,
      young: records.siteCopy.youngOn(today.date),
      names,
      night: site?.youngNight ?? NO_NIGHT_EXCEPTION,
      now,
    }),
    pin_alerts: pins.pinAlerts(now),
    offline_refused: offlineRefusedOf(offline.exceptions(now), names, zone),
    locked_out: lockedOut(pins.locks(now), current, zone),
    on_leave_today: onLeaveToday(leave, current),
    ...(await hub.rotaWatch.live(now, { sessions, names: current, onLeave: leave })),
  };
}

/** What the hub is read for: Live Status, hours, reports and the account export. */
export class ReadsRoom {
  constructor(private readonly hub: HubCore) {}

  currentStatus(): Promise<LiveStatus> {
    return currentStatus(this.hub);
  }

  /**
   * The time that counts in a period, corrected: every entry not void, as it now stands, with its breaks
   * (hours, reports, exports, the assistant).
   */
  async sessions(bounds: Bounds): Promise<HoursSession[]> {
    await this.hub.site();
    return countedSessions(this.hub.entries.overlapping(bounds));
  }

  /** Check-ins that began in a period. */
  async checkIns(bounds: Bounds): Promise<{ employeeId: string; checkIn: number }[]> {
    await this.hub.site();
    return this.hub.records.checkInsBetween(bounds);
  }

  async openSessions(): Promise<AttendanceSession[]> {
    await this.hub.site();
    return this.hub.records.openSessions();
  }

  /** Every session, a page at a time in check-in order (the account export). */
  async sessionPage(
    after: { checkIn: number; id: string } | null,
    limit: number,
  ): Promise<AttendanceSession[]> {
    await this.hub.site();
    return this.hub.records.page(after, Math.min(Math.max(1, limit), 5_000));
  }

  /** The breaks clocked in these sessions (the account export, a page of sessions at a time). */
  breaksOf(sessionIds: string[]): ClockedBreak[] {
    return this.hub.records.breaks.of(sessionIds);
  }

  /** These sessions' timesheet entries as they now stand after corrections (the account export). */
  entriesOf(sessionIds: string[]): Entry[] {
    return this.hub.entries.ofSessions(sessionIds);
  }

  /** The entries managers added, which no kiosk session holds, as they now stand (the account export). */
  async addedEntries(): Promise<Entry[]> {
    await this.hub.site();
    return this.hub.entries.added();
  }

  /** Sessions closed by the hub that a manager has not reviewed yet (the Hours tab's badge). */
  async needsReview(): Promise<number> {
    await this.hub.site();
    return this.hub.forgotten.needingReview();
  }

  /** When each paired device last punched, as this hub recorded it (D1 hears within ten to fifteen minutes). */
  devicesLastUsed(): Record<string, number> {
    return this.hub.records.usage.devicesLastUsed();
  }
}
