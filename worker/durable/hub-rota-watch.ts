import type { RotaLive } from "../contracts/live";
import { localDayBounds, safeTimeZone } from "../domain/local-time";
import type { PlannedShift } from "../domain/rota";
import {
  boundaryPassed,
  nextRotaBoundary,
  type RotaLiveInput,
  type RotaThresholds,
  rotaLive,
} from "../domain/rota-live";
import { addDays, startOfLocalDate } from "../domain/time-zone";
import type { HubCore } from "./hub-core";
import { SESSION_LOOKBACK_MS } from "./hub-records";

// Planned against actual, live (docs/rota.md): the hub keeps today's and tomorrow's published shifts in
// memory, read once a day and again after a week is published, so neither a punch nor a push reads the
// shifts table. Its alarm job rings at each shift's boundaries only (start − 30 minutes, start + grace,
// start + no-show threshold, end): nothing runs between them.

type Ahead = {
  date: string;
  zone: string;
  today: { start: number; end: number; date: string };
  /** Tomorrow's local midnight: the day's list is read again from there. */
  tomorrow: number;
  /** Published shifts overlapping today or tomorrow, as published. */
  shifts: PlannedShift[];
  /** A published shift starts after tomorrow: the alarm looks again at tomorrow's midnight. */
  later: boolean;
};

export class RotaWatch {
  #ahead: Ahead | undefined;
  /** When the job last looked at the clock; null: not since this instance started (it pushes once). */
  #checkedAt: number | null = null;
  /**
   * The shifts were read afresh (a new day, a publish, shifts imported with the site) outside the alarm's own
   * asking: the next Live Status read sets the alarm for them.
   */
  #unalarmed = false;

  constructor(private readonly hub: HubCore) {}

  /** A week was published (or the storage erased): the shifts are read again when next needed. */
  forget() {
    this.#ahead = undefined;
  }

  /**
   * Live Status's five rota lists at `now`. `day`: what Live Status already read for the same push (its
   * window's sessions, current staff's names, today's leave), so a push reads none of it twice.
   */
  async live(now: number, day?: Pick<RotaLiveInput, "sessions" | "names" | "onLeave">): Promise<RotaLive> {
    const { records } = this.hub;
    const site = await this.hub.site();
    const zone = safeTimeZone(site?.timezone);
    const ahead = this.#read(now, zone);
    if (this.#unalarmed) {
      this.#unalarmed = false;
      this.hub.waitUntil(this.ensureAlarm().catch((error) => this.hub.logFailure("rota alarm", error)));
    }
    const { today } = ahead;
    const window = { start: today.start - SESSION_LOOKBACK_MS, end: today.end };
    return rotaLive({
      now,
      zone,
      today,
      shifts: ahead.shifts.filter((s) => s.start < today.end && s.end > today.start),
      sessions: day?.sessions ?? this.hub.liveDay.sessions(window, zone),
      names: day?.names ?? records.siteCopy.names(true),
      onLeave: day?.onLeave ?? records.staff.leaveOn(today.date),
      ...thresholdsOf(site),
    });
  }

  /** When the alarm must next ring for the rota, or null while no published shift lies ahead. */
  async next(now: number): Promise<number | null> {
    const site = await this.hub.site();
    if (!site) return null;
    const ahead = this.#read(now, safeTimeZone(site.timezone));
    // The registry sets the alarm from this answer.
    this.#unalarmed = false;
    const next = nextRotaBoundary(ahead.shifts, now, thresholdsOf(site));
    if (next !== null) return next;
    return ahead.later ? ahead.tomorrow : null;
  }

  /** The alarm rang: if a shift's boundary passed, dashboards hear, and each new no-show is e-mailed once. */
  async run(now: number): Promise<void> {
    const site = await this.hub.site();
    if (!site) return;
    const checkedAt = this.#checkedAt;
    this.#checkedAt = now;
    const ahead = this.#read(now, safeTimeZone(site.timezone));
    // The registry asks `next` once every job ran, and sets the alarm from it.
    this.#unalarmed = false;
    if (checkedAt !== null && !boundaryPassed(ahead.shifts, checkedAt, now, thresholdsOf(site))) return;
    const live = await this.live(now);
    await this.hub.live.pushLiveStatus();
    const fresh = live.no_show.filter((item) => this.hub.rota.claimNoShowMail(item.shift_id, now));
    if (fresh.length > 0) {
      await this.hub.control.mailNoShows(
        fresh.map((item) => ({
          name: item.name,
          shift: item.shift,
          role: item.role,
          start: Date.parse(item.start_at),
        })),
      );
    }
  }

  /** Makes the alarm ring by the rota's next boundary (a week published, the thresholds changed). */
  async ensureAlarm() {
    const next = await this.next(Date.now());
    if (next !== null) await this.hub.alarms.ensure(next);
  }

  #read(now: number, zone: string): Ahead {
    const today = localDayBounds(now, zone);
    const cached = this.#ahead;
    if (cached && cached.date === today.date && cached.zone === zone) return cached;
    const tomorrow = today.end;
    const dayAfter = startOfLocalDate(addDays(today.date, 2), zone);
    const ahead: Ahead = {
      date: today.date,
      zone,
      today,
      tomorrow,
      shifts: this.hub.rota.publishedOverlapping({ start: today.start, end: dayAfter }),
      later: this.hub.rota.publishedFrom(dayAfter),
    };
    this.#ahead = ahead;
    this.#unalarmed = true;
    return ahead;
  }
}

const thresholdsOf = (site: RotaThresholds | null): RotaThresholds => ({
  lateGraceMinutes: site?.lateGraceMinutes ?? 5,
  noShowMinutes: site?.noShowMinutes ?? 30,
});
