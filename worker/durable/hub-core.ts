import { describeError } from "../lib/errors";
import { HubAlarms } from "./hub-alarms";
import { ControlPlaneLink } from "./hub-control-plane";
import { HubEntries } from "./hub-entries";
import { ForgottenClockOuts } from "./hub-forgotten";
import { LivePushes } from "./hub-live";
import { LiveDay } from "./hub-live-day";
import { HubOffline } from "./hub-offline";
import type { HubPortsOf } from "./hub-ports";
import { HubQueries } from "./hub-queries";
import { HubRecords, type Site } from "./hub-records";
import { HubRota } from "./hub-rota";
import { RotaWatch } from "./hub-rota-watch";
import { migrateHubStorage } from "./hub-schema";
import { PinGuard } from "./pin-guard";

const HOUR_MS = 60 * 60_000;
/** Usage (check-ins, device use) reaches D1 within about this long of a punch, plus each hub's share of half
 * again (reportEvery); also the retry interval. It keeps the control plane's load at one batch per busy
 * location per ten to fifteen minutes (docs/performance.md, "The capacity model"). */
const REPORT_EVERY_MS = 10 * 60_000;

/**
 * What every room of the hub shares (docs/hub.md): its storage's parts, its link to the control plane, its
 * alarm and its live pushes. One per LocationHub instance; the rooms hold it and nothing else.
 */
export class HubCore {
  readonly pins: PinGuard;
  readonly records: HubRecords;
  readonly forgotten: ForgottenClockOuts;
  readonly entries: HubEntries;
  /** Live Status's day, kept in step with each write. */
  readonly liveDay: LiveDay;
  readonly offline: HubOffline;
  /** Staff queries about their hours (docs/staff-app.md). */
  readonly queries: HubQueries;
  /** The location's planned shifts (docs/rota.md). */
  readonly rota: HubRota;
  /** Today's published shifts against the day: Live Status's rota lists and the alarm at their boundaries. */
  readonly rotaWatch: RotaWatch;
  readonly control: ControlPlaneLink;
  readonly alarms: HubAlarms;
  readonly live: LivePushes;
  /**
   * This hub's report interval, REPORT_EVERY_MS plus a random share of half of it: hubs that start together (a
   * deploy, a rush of first punches) would otherwise all send D1 their batches in the same second, every time.
   */
  readonly reportEvery = REPORT_EVERY_MS * (1 + Math.random() / 2);

  constructor(
    readonly ctx: DurableObjectState,
    /** Read when used: a test may swap the hub's env. */
    readonly env: () => Env,
    portsOf: HubPortsOf,
  ) {
    migrateHubStorage(ctx.storage);
    this.pins = new PinGuard(ctx.storage);
    this.records = new HubRecords(ctx.storage);
    this.forgotten = new ForgottenClockOuts(ctx.storage, this.records);
    this.entries = new HubEntries(ctx.storage, this.records);
    this.liveDay = new LiveDay(this.records, this.entries);
    this.offline = new HubOffline(ctx.storage.sql, this.records, this.pins);
    this.queries = new HubQueries(ctx.storage.sql, this.records.audits);
    this.rota = new HubRota(ctx.storage.sql);
    this.control = new ControlPlaneLink({
      ports: () => portsOf(env()),
      locationId: () => this.locationId,
      records: this.records,
      forgotten: this.forgotten,
      entries: this.entries,
      offline: this.offline,
      rota: this.rota,
      waitUntil: (work) => ctx.waitUntil(work),
    });
    this.alarms = new HubAlarms(ctx.storage);
    this.live = new LivePushes(this);
    this.rotaWatch = new RotaWatch(this);
  }

  /** The location this hub is: its name in the namespace (the hub client uses the location id). */
  get locationId(): string {
    const name = this.ctx.id.name;
    if (!name) throw new Error("A LocationHub must be reached by its location id (getByName)");
    return name;
  }

  /** The site as the control plane last described it (read from D1 only when it changed or is unknown). */
  site(): Promise<Site | null> {
    return this.control.site();
  }

  waitUntil(work: Promise<unknown>) {
    this.ctx.waitUntil(work);
  }

  /** A failure in background work, logged with the location it happened at. */
  logFailure(what: string, error: unknown) {
    console.error(`[location-hub ${this.locationId}] ${what} failed: ${describeError(error)}`);
  }

  /** Whether the employee works here (not deleted); the site is read again once before saying no. */
  async employs(employeeId: string): Promise<boolean> {
    await this.site();
    if (this.records.staff.has(employeeId)) return true;
    await this.control.sync();
    return this.records.staff.has(employeeId);
  }

  /**
   * A manager changed attendance or what the hub owns of its staff: the audit rows go to D1 (or wait for the
   * alarm), the dashboards hear of it.
   */
  async afterAudited() {
    if (!(await this.control.reportAudits())) await this.alarms.ensure(Date.now() + this.reportEvery);
    this.waitUntil(this.live.pushLiveStatus());
  }

  /**
   * The published rota changed (docs/rota.md): today's shifts are read again, the alarm is set for the next
   * shift's boundary, and the dashboards hear of it.
   */
  async afterRotaPublished() {
    this.rotaWatch.forget();
    await this.rotaWatch.ensureAlarm();
    this.waitUntil(this.live.pushLiveStatus());
  }

  /** When the alarm must next ring to close a forgotten session, or null. */
  async nextAutoClose(): Promise<number | null> {
    const site = await this.site();
    if (!site || site.autoCloseAfterHours === null) return null;
    return this.forgotten.nextDue(site.autoCloseAfterHours * HOUR_MS);
  }

  /** A forgotten session may now be due sooner (a shorter setting, an unlocked period): the alarm is set for it. */
  async ensureAutoCloseAlarm() {
    const due = await this.nextAutoClose();
    if (due !== null) await this.alarms.ensure(due);
  }
}

export { HOUR_MS };
