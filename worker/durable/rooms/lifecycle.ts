import { SOCKET_CLOSE } from "../../contracts/socket-close";
import type { AttendanceSession } from "../../domain/hub-exchange";
import type { AlarmJob } from "../hub-alarms";
import { HOUR_MS, type HubCore } from "../hub-core";
import { migrateHubStorage } from "../hub-schema";
import { broadcast, closeSocket } from "../hub-sockets";
import { SESSION_RECHECK_MS, type SocketRoom } from "./sockets";

const PRUNE_EVERY_MS = 24 * 60 * 60_000;

export type HubChange = "attendance" | "employees" | "appearance" | "site" | "devices";

/**
 * The lifecycle room: what the control plane tells the hub (a change, a backfill, the account's end), and the
 * alarm's jobs, which drain the outboxes and keep the storage small.
 */
export class LifecycleRoom {
  constructor(
    private readonly hub: HubCore,
    private readonly sockets: SocketRoom,
  ) {}

  /**
   * Every job the hub's one alarm does, in the order they run (hub-alarms.ts). A new job is one more entry.
   */
  alarmJobs(): AlarmJob[] {
    const { hub } = this;
    return [
      {
        // A session left open past the location's auto-close hours is closed and flagged for review.
        name: "auto-close",
        run: (now) => this.#autoClose(now),
        next: () => hub.nextAutoClose(),
      },
      {
        // The manager gets one e-mail a day listing the auto-closed sessions; not yet e-mailed (one e-mail a
        // day, or the mailer failed): look again hourly.
        name: "review e-mail",
        run: (now) => hub.control.mailReviews(now),
        next: (now) => (hub.forgotten.hasUnmailed() ? now + HOUR_MS : null),
      },
      {
        // Wrong-PIN counters, incidents and stored answers of a hub nobody uses any more do not stay for ever.
        name: "prune",
        run: (now) => hub.pins.prune(now),
        next: (now) => (hub.pins.holdsRows() ? now + PRUNE_EVERY_MS : null),
      },
      {
        // The outboxes: usage and audit rows go to D1, punches to the webhooks, retried every report interval
        // until the control plane has them.
        name: "report",
        run: () => hub.control.report(),
        next: (now) =>
          hub.records.usage.hasUnreported() ||
          hub.entries.hasUnaudited() ||
          hub.records.audits.hasUnaudited() ||
          hub.records.punchEvents.any()
            ? now + hub.reportEvery
            : null,
      },
      {
        // The rota against the day (docs/rota.md): at each published shift's boundary (due soon, late,
        // no-show, its end) Live Status is pushed and a new no-show e-mailed once; nothing between them.
        name: "rota",
        run: (now) => hub.rotaWatch.run(now),
        next: (now) => hub.rotaWatch.next(now),
      },
      {
        // While dashboards are open, their sessions are checked again: what ends with no event to hear (a
        // session's 30 days running out, a grace period lapsing into suspension) ends the socket too.
        name: "session recheck",
        run: () => this.sockets.recheckSessions(),
        next: (now) => (this.sockets.dashboardsOpen() ? now + SESSION_RECHECK_MS : null),
      },
    ];
  }

  /** Closes the sessions left open too long (none when the location turned auto-close off). */
  async #autoClose(now: number) {
    const { hub } = this;
    const site = await hub.site();
    if (!site || site.autoCloseAfterHours === null) return;
    const closed = hub.forgotten.close(now, site.autoCloseAfterHours * HOUR_MS, site.workdayMinutes);
    if (closed.length > 0) await hub.live.pushLiveStatus();
  }

  /**
   * The control plane changed something this location must know (its staff, look, access, or an archive or
   * closure): the hub reads its site again from D1, then tells its dashboards and kiosks.
   */
  async changed(change: HubChange): Promise<void> {
    const { hub } = this;
    await hub.control.sync();
    // A shorter auto-close setting may make an open session due sooner.
    await hub.ensureAutoCloseAlarm();
    // New thresholds move the rota's boundaries.
    await hub.rotaWatch.ensureAlarm();
    if (change === "appearance" || change === "site") await hub.live.pushAppearance();
    if (change === "employees") broadcast(hub.ctx, { type: "employees_changed" });
    if (change === "devices") broadcast(hub.ctx, { type: "devices_changed" });
    await hub.live.pushLiveStatus();
  }

  /** Sessions recorded elsewhere, copied in by id (the backfill; tests that set up history). */
  async importSessions(sessions: AttendanceSession[]): Promise<number> {
    const { hub } = this;
    await hub.site();
    const inserted = hub.records.importSessions(sessions);
    if (inserted > 0) {
      // Within ten to fifteen minutes the alarm reports the copied check-ins and sets itself for any open
      // session's auto-close, so a backfill never closes what it copies in the moment it lands.
      hub.waitUntil(hub.alarms.ensure(Date.now() + hub.reportEvery));
      hub.waitUntil(hub.live.pushLiveStatus());
    }
    return inserted;
  }

  /**
   * Copies the sessions D1 recorded for this location before hubs kept them, a page at a time; by id, so
   * running it again (or after a failure half-way) adds nothing twice. Returns how many were new.
   */
  async backfill(): Promise<number> {
    const { hub } = this;
    await hub.site();
    const inserted = await hub.control.backfill();
    if (inserted > 0) await hub.alarms.ensure(Date.now() + hub.reportEvery);
    return inserted;
  }

  /**
   * The account was deleted: every socket closes and everything this hub stored is erased. Answers how many
   * attendance sessions went with it.
   */
  async forget(): Promise<number> {
    const { hub } = this;
    for (const ws of hub.ctx.getWebSockets()) closeSocket(ws, SOCKET_CLOSE.locationClosed);
    const sessions = hub.records.sessionCount();
    await hub.alarms.forget();
    await hub.ctx.storage.deleteAll();
    hub.records.forgetCached();
    hub.rotaWatch.forget();
    // This instance may be asked again (a kiosk still pointing here): it starts from an empty schema.
    migrateHubStorage(hub.ctx.storage);
    hub.control.forget();
    return sessions;
  }
}
