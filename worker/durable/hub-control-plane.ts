import { SOCKET_CLOSE, type SocketClose } from "../contracts/socket-close";
import { localDate, safeTimeZone } from "../domain/local-time";
import { subscriptionRequired } from "../domain/plans";
import { PUBLIC_KIOSK } from "../domain/punch-rules";
import { effectiveBilling } from "../domain/subscription";
import { describeError } from "../lib/errors";
import { SerialQueue } from "../lib/serial-queue";
import type { HubEntries } from "./hub-entries";
import type { ForgottenClockOuts } from "./hub-forgotten";
import type { HubOffline } from "./hub-offline";
import type { ControlPlanePort, HubPorts } from "./hub-ports";
import type { HubRecords, Site } from "./hub-records";
import type { HubRota } from "./hub-rota";
import type { PinIncident } from "./pin-guard";

/** The site is read again from D1 in the background once this old, should a change's notice have been lost. */
const SITE_FRESH_MS = 10 * 60_000;
/** A location D1 does not know is not asked about again for this long (kiosks at a wrong address). */
const UNKNOWN_SITE_MS = 60_000;
const BACKFILL_PAGE = 500;
/** How long a punch's hand-over waits for the punches after it, so a busy moment goes as one. */
const PUNCH_GATHER_MS = 1_000;

/** What the link needs of its hub; ports and id are read when used (a test may swap the hub's env). */
export type HubContext = {
  ports: () => HubPorts;
  locationId: () => string;
  records: HubRecords;
  forgotten: ForgottenClockOuts;
  entries: HubEntries;
  offline: HubOffline;
  rota: HubRota;
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * Everything a location's hub asks of the control plane (D1), and nothing on a punch's path: the site it
 * keeps a copy of, the sessions D1 recorded before hubs kept them, the outbox of usage it reports, the
 * dashboard sessions it checks again, and the manager it e-mails about a wrong-PIN attack.
 */
export class ControlPlaneLink {
  readonly #syncs = new SerialQueue();
  /** Until when D1 is not asked again about a location it did not know. */
  #unknownUntil = 0;
  /** SITE_FRESH_MS plus a random share of half of it: hubs whose copies were made together do not all read
   * D1 again together. */
  readonly #freshFor = SITE_FRESH_MS * (1 + Math.random() / 2);
  readonly #hub: HubContext;
  #sendingPunches = false;

  constructor(hub: HubContext) {
    this.#hub = hub;
  }

  get #locationId(): string {
    return this.#hub.locationId();
  }

  get #d1(): ControlPlanePort {
    return this.#hub.ports().controlPlane;
  }

  /**
   * The site as the control plane last described it. A hub that has never been told reads it from D1 once
   * (and copies the location's older sessions in); after that D1 is read only when a change is announced,
   * or in the background should the copy be older than SITE_FRESH_MS.
   */
  async site(): Promise<Site | null> {
    const site = this.#hub.records.site();
    if (site) {
      if (Date.now() - site.syncedAt > this.#freshFor)
        this.#hub.waitUntil(this.sync().catch(() => undefined));
      return site;
    }
    if (Date.now() < this.#unknownUntil) return null;
    await this.sync();
    return this.#hub.records.site();
  }

  /** Reads the site from D1 and stores it; one at a time, so the last read is the newest. */
  sync(): Promise<void> {
    return this.#syncs.run(async () => {
      const snapshot = await this.#d1.readSite(this.#locationId);
      if (!snapshot.location) {
        this.#unknownUntil = Date.now() + UNKNOWN_SITE_MS;
        return;
      }
      this.#unknownUntil = 0;
      const { records } = this.#hub;
      // New staff's rows from before the hub owned them are read first, then the snapshot and they land
      // together, with no await between: no punch sees a new employee without their PIN.
      const newcomers = records.staff.notCopiedIn(snapshot.staff.map((person) => person.id));
      const legacy = await this.#d1.legacyStaff(newcomers);
      const now = Date.now();
      records.applySnapshot(snapshot, now);
      records.staff.copyIn(legacy, now);
      records.forgetCached();
      await this.#forgetPins(newcomers);
      // A paired kiosk will seal offline PINs to the hub's key: it is made now, not by a kiosk's read.
      if (snapshot.devices.length > 0) await this.#hub.offline.keys();
      if (this.#hub.records.site()?.backfilledAt == null) await this.backfill();
    });
  }

  /** The hub keeps these PIN hashes now: D1's copies are erased (should that fail, D1 keeps a copy no one reads). */
  async #forgetPins(ids: readonly string[]) {
    try {
      await this.#d1.forgetPins(ids);
    } catch (error) {
      console.error(
        `[location-hub ${this.#locationId}] erasing D1's PIN hashes failed: ${describeError(error)}`,
      );
    }
  }

  /** The hub's storage was erased: the next call asks D1 again. */
  forget() {
    this.#unknownUntil = 0;
  }

  /** Copies D1's sessions of this location a page at a time, by id (so again adds nothing); how many were new. */
  async backfill(): Promise<number> {
    let after: { checkIn: number; id: string } | null = null;
    let inserted = 0;
    for (;;) {
      const page = await this.#d1.legacySessions(this.#locationId, after, BACKFILL_PAGE);
      inserted += this.#hub.records.importSessions(page);
      const last = page.at(-1);
      if (!last || page.length < BACKFILL_PAGE) break;
      after = { checkIn: last.checkIn, id: last.id };
    }
    // Shifts waiting in D1 (the demo's seed) join the rota by id, then D1 forgets them.
    const shifts = await this.#d1.shiftImports(this.#locationId);
    if (shifts.length > 0) {
      this.#hub.rota.importShifts(shifts, safeTimeZone(this.#hub.records.site()?.timezone));
      await this.#d1.forgetShiftImports(shifts.map((shift) => shift.id));
    }
    this.#hub.records.siteCopy.markBackfilled(Date.now());
    return inserted;
  }

  /**
   * After a recorded punch: its webhook events are handed over once the punches of that moment are in, and
   * only while the site says an endpoint wants punches (else the hub kept no outbox row).
   */
  async punched() {
    if (this.#hub.records.site()?.punchWebhooks) await this.sendPunchEvents(PUNCH_GATHER_MS);
  }

  /**
   * The punch outbox, handed to the control plane after the punch's answer has gone (docs/webhooks.md,
   * "Punches"): a page at a time, each deleted once queued. One hand-over at a time; a failure leaves the rows
   * for the report alarm to try again. After a punch it first waits `gatherMs`, so the punches of that moment
   * go in one hand-over (one D1 batch, one queue send) instead of one each.
   */
  async sendPunchEvents(gatherMs = 0) {
    if (this.#sendingPunches) return;
    this.#sendingPunches = true;
    try {
      if (gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
      for (;;) {
        const waiting = this.#hub.records.punchEvents.waiting();
        if (waiting.length === 0) return;
        await this.#d1.punched(this.#locationId, waiting);
        this.#hub.records.punchEvents.remove(waiting.map((event) => event.id));
      }
    } catch (error) {
      console.error(`[location-hub ${this.#locationId}] punch events not sent: ${describeError(error)}`);
    } finally {
      this.#sendingPunches = false;
    }
  }

  /**
   * The outbox: check-in totals and device use not yet acknowledged, in one D1 batch. Marked sent only
   * as they were sent, so a punch during the batch is reported next time; totals, so a resend is harmless.
   */
  async report() {
    await this.sendPunchEvents();
    await this.reportAudits();
    const usage = this.#hub.records.usage.unreported();
    if (usage.days.length === 0 && usage.devices.length === 0) return;
    try {
      await this.#d1.recordUsage(this.#locationId, usage);
      this.#hub.records.usage.markReported(usage);
    } catch (error) {
      console.error(`[location-hub ${this.#locationId}] usage report failed: ${describeError(error)}`);
    }
  }

  /**
   * The outbox's audit rows, as D1's audit log keeps them: each correction a manager made, with before and
   * after (keyed by entry and version), and each approval and unlock (keyed by its outbox id), so a resend
   * adds nothing twice. Whether all were acknowledged.
   */
  async reportAudits(): Promise<boolean> {
    const { entries, records } = this.#hub;
    try {
      for (;;) {
        const waiting = entries.unaudited();
        if (waiting.length === 0) break;
        await this.#d1.auditCorrections(this.#locationId, waiting);
        entries.markAudited(waiting);
      }
      for (;;) {
        const waiting = records.audits.unaudited();
        if (waiting.length === 0) return true;
        await this.#d1.auditOutboxRows(this.#locationId, waiting);
        records.audits.markAudited(waiting.map((row) => row.id));
      }
    } catch (error) {
      console.error(`[location-hub ${this.#locationId}] correction audit failed: ${describeError(error)}`);
      return false;
    }
  }

  /** Why each dashboard session may no longer watch (signed out, must pay), by session; absent: it may. */
  async endedSessions(sessionHashes: Iterable<string>): Promise<Map<string, SocketClose>> {
    const ended = new Map<string, SocketClose>();
    for (const sessionHash of sessionHashes) {
      const account = await this.#d1.accountOfSession(sessionHash);
      if (!account) ended.set(sessionHash, SOCKET_CLOSE.signedOut);
      else if (subscriptionRequired(effectiveBilling(account).subscriptionStatus)) {
        ended.set(sessionHash, SOCKET_CLOSE.subscription);
      }
    }
    return ended;
  }

  /**
   * The day's e-mail about sessions the hub closed after a forgotten clock-out, if any are waiting and none
   * went today. Marked sent only once the mailer took it, so a failure is tried again at the next alarm.
   */
  async mailReviews(now: number) {
    try {
      const to = await this.#d1.locationRecipients(this.#locationId, "review");
      if (!to) return;
      const today = localDate(now, safeTimeZone(to.timezone));
      const sessions = this.#hub.forgotten.toMail(today);
      if (sessions.length === 0) return;
      const names = this.#hub.records.siteCopy.names(false);
      const { mail, appUrl } = this.#hub.ports();
      const mailed = sessions.map((s) => ({
        name: names.get(s.employeeId) ?? "A former employee",
        checkIn: s.checkIn,
        checkOut: s.checkOut ?? s.checkIn,
      }));
      // Everyone's copy is sent before the day is marked: a failure tries them all again at the next alarm.
      for (const recipient of to.recipients) {
        await mail.autoClosed(recipient.email, {
          managerName: recipient.name,
          locationName: to.locationName,
          sessions: mailed,
          timeZone: to.timezone,
          dashboardUrl: `${appUrl}/manager-dashboard`,
        });
      }
      this.#hub.forgotten.markMailed(
        sessions.map((s) => s.id),
        today,
      );
    } catch (error) {
      console.error(`[location-hub ${this.#locationId}] review e-mail failed: ${describeError(error)}`);
    }
  }

  /**
   * One e-mail to each person who runs the location (who wants alerts) about shifts that just became
   * no-shows. Each shift is claimed before it is mailed (no_show_mail), so it is e-mailed once at most: a
   * failure is logged, not retried, as the wrong-PIN alert is.
   */
  async mailNoShows(shifts: readonly { name: string; shift: string; role: string | null; start: number }[]) {
    try {
      const to = await this.#d1.locationRecipients(this.#locationId, "alert");
      if (!to) return;
      const { mail, appUrl } = this.#hub.ports();
      for (const recipient of to.recipients) {
        await mail.noShow(recipient.email, {
          managerName: recipient.name,
          locationName: to.locationName,
          shifts,
          timeZone: to.timezone,
          dashboardUrl: `${appUrl}/manager-dashboard`,
        });
      }
    } catch (error) {
      console.error(`[location-hub ${this.#locationId}] no-show e-mail failed: ${describeError(error)}`);
    }
  }

  /** One e-mail to each person who runs the location when an incident begins; a failure is logged, not retried. */
  async reportIncident(incident: PinIncident | undefined) {
    try {
      const to = await this.#d1.locationRecipients(this.#locationId, "alert");
      if (!to || !incident) return;
      const { mail, appUrl } = this.#hub.ports();
      for (const recipient of to.recipients) {
        await mail.pinAttack(recipient.email, {
          managerName: recipient.name,
          locationName: to.locationName,
          publicKiosk: incident.source === PUBLIC_KIOSK,
          wrongPins: incident.wrongPins,
          startedAt: incident.startedAt,
          timeZone: to.timezone,
          dashboardUrl: `${appUrl}/manager-dashboard`,
        });
      }
    } catch (error) {
      console.error(
        `[location-hub ${this.#locationId}] wrong-PIN alert e-mail failed: ${describeError(error)}`,
      );
    }
  }
}
