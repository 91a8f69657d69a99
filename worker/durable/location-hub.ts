import { DurableObject } from "cloudflare:workers";
import type { KioskSetup } from "../contracts/appearance";
import type { KioskEmployee, KioskLocation, OfflinePunch, OfflinePunchResult } from "../contracts/kiosk";
import {
  clientMessage,
  type LiveStatus,
  PING,
  PONG,
  type ServerMessage,
  type SocketScope,
} from "../contracts/live";
import type { BreakOverride, BreakOverrideRequest } from "../contracts/settings";
import { SOCKET_CLOSE, type SocketClose } from "../contracts/socket-close";
import type { EntryVersion } from "../contracts/timesheets";
import type { BreakOverrideRecord, StatusPeriodRecord } from "../domain/account-export";
import type { HoursSession } from "../domain/hours";
import type { DateRange } from "../domain/leave";
import { offlineRefusedOf, workingTimeWarnings } from "../domain/live-status";
import { lockedOut, onLeaveToday } from "../domain/live-status-lists";
import { localDayBounds, safeTimeZone } from "../domain/local-time";
import { countedSessions, type Entry } from "../domain/timesheet";
import { appSecret } from "../lib/config";
import { describeError } from "../lib/errors";
import { SerialQueue } from "../lib/serial-queue";
import type { Approval } from "./hub-approvals";
import type { BreakRecord } from "./hub-breaks";
import { ControlPlaneLink } from "./hub-control-plane";
import { type Correction, type CorrectionResult, HubEntries, type Manager } from "./hub-entries";
import { ForgottenClockOuts } from "./hub-forgotten";
import { HubOffline } from "./hub-offline";
import { type Bounds, HubRecords, SESSION_LOOKBACK_MS, type SessionRecord, type Site } from "./hub-records";
import {
  broadcast,
  closeSocket,
  DASHBOARDS,
  dashboardAttachment,
  deviceTag,
  HUB_DEVICE_HEADER,
  HUB_KIOSK_PATH,
  HUB_LOCATION_HEADER,
  HUB_SESSION_HEADER,
  HUB_TICKET_EXPIRES_HEADER,
  HUB_TICKET_HEADER,
  HUB_USER_HEADER,
  KIOSKS,
  PAIRED_KIOSKS,
  PUBLIC_KIOSKS,
  parseJson,
  scopeTag,
  send,
  sendText,
  sessionTag,
  socketAttachment,
  userTag,
} from "./hub-sockets";
import type { StaffEditor, StaffStatus, StatusPeriod } from "./hub-staff";
import { HubStorage, migrateHubStorage } from "./hub-storage";
import { type PunchOutcome, type PunchRequest, preparePunch, punch } from "./punch";

const SESSION_RECHECK_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 24 * 60 * 60_000;
/** Usage (check-ins, device use) reaches D1 within about this long of a punch, plus each hub's share of half
 * again (#reportEvery); also the retry interval. It keeps the control plane's load at one batch per busy
 * location per ten to fifteen minutes (README, capacity). */
const REPORT_EVERY_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

export type HubChange = "attendance" | "employees" | "appearance" | "site" | "devices";

/** Who a kiosk call comes from: the public kiosk, or one paired device. */
export type KioskCaller = { source: string; deviceId: string | null };

/**
 * Why a kiosk may not use this location now; the Worker words it. `retired`: the location was archived or
 * its account closed, so no kiosk of it will work again.
 */
export type KioskRefusal = "not_found" | "retired" | "only_paired" | "not_paired";

export type KioskView =
  | { ok: true; location: KioskLocation; staff: KioskEmployee[] }
  | { ok: false; refusal: KioskRefusal };

export type SubmitAnswer = PunchOutcome | { status: "refused"; refusal: KioskRefusal };

/**
 * One per location, named by its id: the location's system of record for attendance (hub-records.ts), and
 * what its kiosks need of the control plane, pushed from D1 whenever it changes. A punch is decided and
 * written in one synchronous step against this storage, with no D1 call; live status goes to the
 * location's dashboards over hibernating WebSockets; usage reaches D1 through an outbox the alarm drains.
 */
export class LocationHub extends DurableObject<Env> {
  readonly #storage: HubStorage;
  readonly #records: HubRecords;
  readonly #forgotten: ForgottenClockOuts;
  readonly #entries: HubEntries;
  readonly #offline: HubOffline;
  readonly #control: ControlPlaneLink;
  readonly #pushes = new SerialQueue();
  /** When the alarm is set to ring, as far as this instance knows (null: unknown or none). */
  #alarmAt: number | null = null;
  /** The queued live-status push that has not started yet, if any. */
  #pendingLiveStatus: Promise<void> | null = null;

  /**
   * This hub's report interval, REPORT_EVERY_MS plus a random share of half of it: hubs that start together (a
   * deploy, a rush of first punches) would otherwise all send D1 their batches in the same second, every time.
   */
  readonly #reportEvery = REPORT_EVERY_MS * (1 + Math.random() / 2);

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#storage = new HubStorage(ctx.storage);
    this.#records = new HubRecords(ctx.storage);
    this.#forgotten = new ForgottenClockOuts(ctx.storage, this.#records);
    this.#entries = new HubEntries(ctx.storage, this.#records);
    this.#offline = new HubOffline(ctx.storage.sql, this.#records, this.#storage);
    this.#control = new ControlPlaneLink({
      env: () => this.env,
      locationId: () => this.#locationId,
      records: this.#records,
      forgotten: this.#forgotten,
      entries: this.#entries,
      offline: this.#offline,
      waitUntil: (work) => ctx.waitUntil(work),
    });
    // Keep-alive pings are answered without waking a hibernating hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** The location this hub is: its name in the namespace (hubFor uses the location id). */
  get #locationId(): string {
    const name = this.ctx.id.name;
    if (!name) throw new Error("A LocationHub must be reached by its location id (getByName)");
    return name;
  }

  /**
   * A kiosk check-in or check-out. The employee lookup and PIN hash run side by side for every submit;
   * the decision and its write are one synchronous step, so no two interleave and nothing waits on D1.
   */
  async submit(request: PunchRequest & { deviceId: string | null }): Promise<SubmitAnswer> {
    const site = await this.#site();
    const refusal = admit(site, request, this.#records);
    if (refusal || !site) return { status: "refused", refusal: refusal ?? "not_found" };
    const prepared = await preparePunch(this.#records.punchable(), appSecret(this.env), request);
    const now = Date.now();
    const answer = punch(
      {
        storage: this.#storage,
        records: this.#records,
        now,
        timeZone: site.timezone,
        recordBreaks: site.recordBreaks,
        incidentOpened: (source: string) => {
          const incident = this.#storage.openIncidents(now).find((open) => open.source === source);
          this.ctx.waitUntil(this.#control.reportIncident(incident));
          this.ctx.waitUntil(this.#pushLiveStatus());
        },
      },
      request,
      prepared,
    );
    const recorded = answer.status === 200;
    if (recorded) {
      // A device's last use is its last clock-in or clock-out, as the account export describes it.
      if (request.deviceId) this.#records.touchDevice(request.deviceId, now);
      this.ctx.waitUntil(this.#pushLiveStatus());
    }
    // Live Status lists who is locked out, with an Unlock button.
    if (answer.status === 423) this.ctx.waitUntil(this.#pushLiveStatus());
    // What a recorded punch left unreported (its day's check-ins, the device's last use) reaches D1 within ten
    // to fifteen minutes; what a refused one stored (a wrong PIN, an answer to replay) is pruned by the alarm
    // if nothing else comes. Usage left unreported earlier already has its alarm, and the alarm sets the next
    // one.
    this.ctx.waitUntil(this.#ensureAlarm(now + (recorded ? this.#reportEvery : PRUNE_EVERY_MS)));
    return answer;
  }

  /** The public key a paired kiosk seals the PINs of offline punches to, or why it may not have it. */
  async sealKey(
    caller: KioskCaller,
  ): Promise<{ ok: true; key: string } | { ok: false; refusal: KioskRefusal }> {
    const refusal = admit(await this.#site(), caller, this.#records);
    if (refusal) return { ok: false, refusal };
    return { ok: true, key: JSON.stringify((await this.#offline.keys()).publicJwk) };
  }

  /**
   * A paired kiosk's offline punches, oldest first (issue 19): PINs unsealed and hashed side by side, then
   * every decision and write in one synchronous step, like a live punch.
   */
  async offlinePunches(
    caller: KioskCaller & { deviceId: string },
    punches: OfflinePunch[],
  ): Promise<{ ok: true; results: OfflinePunchResult[] } | { ok: false; refusal: KioskRefusal }> {
    const refusal = admit(await this.#site(), caller, this.#records);
    if (refusal) return { ok: false, refusal };
    const prepared = await this.#offline.prepare(punches, appSecret(this.env));
    const now = Date.now();
    const results = this.#offline.decide(caller.deviceId, prepared, now);
    if (results.some((r) => r.status === "recorded")) this.#records.touchDevice(caller.deviceId, now);
    this.ctx.waitUntil(this.#pushLiveStatus());
    this.ctx.waitUntil(this.#ensureAlarm(now + this.#reportEvery));
    return { ok: true, results };
  }

  /** What a kiosk shows: the location's name and look and its active staff, or why it may not. */
  async kiosk(caller: KioskCaller): Promise<KioskView> {
    const site = await this.#site();
    const refusal = admit(site, caller, this.#records);
    if (refusal || !site) return { ok: false, refusal: refusal ?? "not_found" };
    return {
      ok: true,
      location: { id: site.id, name: site.name, record_breaks: site.recordBreaks, ...site.appearance },
      staff: this.#records.kioskStaff(),
    };
  }

  /** Whether a kiosk caller may use the location now (a paired kiosk asking for a socket ticket). */
  async admits(caller: KioskCaller): Promise<KioskRefusal | null> {
    return admit(await this.#site(), caller, this.#records);
  }

  /** The dashboard's Live Status, from this hub's own storage: a day's rows, never the location's history. */
  async currentStatus(): Promise<LiveStatus> {
    const site = await this.#site();
    const now = Date.now();
    const zone = safeTimeZone(site?.timezone);
    const today = localDayBounds(now, zone);
    // One read of the sessions that reach today or the day before serves who is in and the warnings.
    const days = { start: today.start - SESSION_LOOKBACK_MS, end: today.end };
    const recorded = this.#records.liveWindow(days);
    return {
      ...this.#records.attendance(today, zone, recorded),
      warnings: this.#warnings(today, this.#entries.overlapping(days, recorded), zone, now),
      pin_alerts: this.#storage.pinAlerts(now),
      offline_refused: offlineRefusedOf(this.#offline.exceptions(now), this.#records.names(false), zone),
      locked_out: lockedOut(this.#storage.locks(now), this.#records.names(true), zone),
      on_leave_today: onLeaveToday(this.#records.staff.leaveOn(today.date), this.#records.names(true)),
    };
  }

  /**
   * A manager unlocks an employee locked out at any of the location's kiosks, audited in the same step;
   * null when no such employee works here, else how many kiosks' locks were lifted.
   */
  async unlockPins(employeeId: string, by: StaffEditor): Promise<number | null> {
    if (!(await this.#employs(employeeId))) return null;
    const now = Date.now();
    let lifted: { source: string; lockedUntil: number }[] = [];
    this.ctx.storage.transactionSync(() => {
      lifted = this.#storage.unlock(employeeId, now);
      if (lifted.length === 0) return;
      this.#records.audits.add({
        entity: "employee",
        entityId: employeeId,
        action: "pin_unlocked",
        userId: by.id,
        before: { locked_until: new Date(Math.max(...lifted.map((l) => l.lockedUntil))).toISOString() },
        after: { locked_until: null },
        at: now,
      });
    });
    if (lifted.length > 0) await this.#afterAudited();
    return lifted.length;
  }

  /**
   * Live Status's working-time warnings, judged on the entries of today and the day before as they now stand:
   * a punch the manager voided warns of nothing, a shift they added counts.
   */
  #warnings(
    today: Bounds & { date: string },
    days: Entry[],
    zone: string,
    now: number,
  ): LiveStatus["warnings"] {
    // The entries as they stand, void ones left out (as countedSessions does, without copying each).
    const entries = days.filter((e) => !e.voided);
    const begun = entries.filter((e) => e.checkIn >= today.start);
    if (begun.length === 0) return [];
    return workingTimeWarnings({
      today: begun,
      earlier: entries.filter((e) => e.checkIn < today.start),
      young: this.#records.youngOn(today.date),
      names: this.#records.names(false),
      zone,
      now,
    });
  }

  /**
   * The time that counts in a period, corrected: every entry not void, as it now stands, with its breaks
   * (hours, reports, exports, the assistant).
   */
  async sessions(bounds: Bounds): Promise<HoursSession[]> {
    await this.#site();
    return countedSessions(this.#entries.overlapping(bounds));
  }

  /**
   * The entries of a period as they now stand, voided ones included, and when the latest entry waiting for
   * review began, in any period (the Timesheets view).
   */
  async entries(
    bounds: Bounds,
  ): Promise<{ entries: Entry[]; latestReview: number | null; approvals: Approval[] }> {
    await this.#site();
    return {
      entries: this.#entries.overlapping(bounds),
      latestReview: this.#forgotten.latestNeedingReview(),
      approvals: [...this.#records.approvals.covering(bounds.start, bounds.end).values()],
    };
  }

  /**
   * Approves a pay period for these employees, which locks their entries in it. Refused while any of their
   * entries in it needs review (closed by the auto-close, punched after an approval, or still open), unless
   * the manager says they reviewed them: then those are marked reviewed with the approval, in one step.
   */
  async approve(
    period: { key: string; start: number; end: number },
    employeeIds: string[],
    reviewedExceptions: boolean,
    by: Manager,
  ): Promise<{ ok: true; approved: Approval[] } | { ok: false; status: 409; detail: string }> {
    await this.#site();
    const chosen = new Set(employeeIds);
    const exceptions = this.#entries
      .overlapping(period)
      .filter(
        (e) =>
          chosen.has(e.employeeId) && !e.voided && (e.needsReview || e.afterApproval || e.checkOut === null),
      );
    if (exceptions.length > 0 && !reviewedExceptions) {
      const n = exceptions.length;
      const detail = `${n} ${n === 1 ? "entry still needs" : "entries still need"} review. Review ${n === 1 ? "it" : "them"} in the timesheet, or confirm that you have, before approving.`;
      return { ok: false, status: 409, detail };
    }
    const now = Date.now();
    let approved: Approval[] = [];
    this.ctx.storage.transactionSync(() => {
      for (const entry of exceptions) this.#records.markReviewed(entry.id);
      approved = this.#records.approvals.approve(period, employeeIds, by, now, exceptions.length);
    });
    await this.#afterAudited();
    return { ok: true, approved };
  }

  /** Unlocks an approved pay period for everyone approved for it; how many approvals were lifted. */
  async unlock(periodKey: string, reason: string, by: Manager): Promise<number> {
    await this.#site();
    const unlocked = this.#records.approvals.unlock(periodKey, reason, by, Date.now());
    if (unlocked > 0) {
      // A forgotten session the lock held open may be due for the auto-close now.
      const due = await this.#nextAutoClose();
      if (due !== null) await this.#ensureAlarm(due);
      await this.#afterAudited();
    }
    return unlocked;
  }

  /** An entry as recorded and every correction since, or null when this location has no such entry. */
  async entryHistory(entryId: string): Promise<{ entry: Entry; history: EntryVersion[] } | null> {
    await this.#site();
    const entry = this.#entries.entry(entryId);
    const history = this.#entries.history(entryId);
    return entry && history ? { entry, history } : null;
  }

  /**
   * A manager's correction (add, edit or void an entry), checked against the employee's other entries and
   * recorded in one step with the punches. Its audit row reaches D1 before this answers, or through the
   * outbox should D1 fail; the dashboards hear of it at once.
   */
  async correct(change: Correction, by: Manager): Promise<CorrectionResult> {
    const site = await this.#site();
    if (!site) return { ok: false, status: 404, detail: "Location not found" };
    const result = this.#entries.apply(change, by, Date.now(), safeTimeZone(site.timezone));
    if (!result.ok) return result;
    await this.#afterAudited();
    return result;
  }

  /**
   * A manager changed attendance or what the hub owns of its staff: the audit rows go to D1 (or wait for the
   * alarm), the dashboards hear of it.
   */
  async #afterAudited() {
    if (!(await this.#control.reportAudits())) await this.#ensureAlarm(Date.now() + this.#reportEvery);
    this.ctx.waitUntil(this.#pushLiveStatus());
  }

  // --- What the hub owns of its staff (hub-staff.ts) ---

  /** Whether the employee works here (not deleted); the site is read again once before saying no. */
  async #employs(employeeId: string): Promise<boolean> {
    await this.#site();
    if (this.#records.staff.has(employeeId)) return true;
    await this.#control.sync();
    return this.#records.staff.has(employeeId);
  }

  /** A new employee's PIN hash, stored before the control plane lists them (its audit row is "created"). */
  async storePin(employeeId: string, pinHash: string): Promise<void> {
    await this.#site();
    this.#records.setPin(employeeId, pinHash, Date.now(), null);
  }

  /** The control plane did not add the employee after all: their PIN goes. */
  async dropPin(employeeId: string): Promise<void> {
    this.#records.staff.dropPin(employeeId);
  }

  /** A manager changed the employee's PIN; false when no such employee works here. */
  async changePin(employeeId: string, pinHash: string, by: StaffEditor): Promise<boolean> {
    if (!(await this.#employs(employeeId))) return false;
    this.#records.setPin(employeeId, pinHash, Date.now(), by);
    await this.#afterAudited();
    return true;
  }

  /** Own breaks and workdays, of current staff or (`withDeleted`) of everyone whose hours still count. */
  async breakOverrides(withDeleted = false): Promise<BreakOverrideRecord[]> {
    await this.#site();
    return this.#records.staff.breakOverrides(withDeleted);
  }

  async setBreakOverride(
    employeeId: string,
    input: BreakOverrideRequest,
    by: StaffEditor,
  ): Promise<BreakOverride | null> {
    if (!(await this.#employs(employeeId))) return null;
    const override = this.#records.staff.setBreakOverride(employeeId, input, by, Date.now());
    await this.#afterAudited();
    return override;
  }

  /** Back to the location's standard; false when there was none (or no such employee). */
  async removeBreakOverride(employeeId: string, by: StaffEditor): Promise<boolean> {
    if (!(await this.#employs(employeeId))) return false;
    const removed = this.#records.staff.removeBreakOverride(employeeId, by, Date.now());
    if (removed) await this.#afterAudited();
    return removed;
  }

  /** Sets the employee's status for a period; false when no such employee works here. */
  async changeStatus(employeeId: string, period: StatusPeriod, by: StaffEditor): Promise<boolean> {
    if (!(await this.#employs(employeeId))) return false;
    this.#records.staff.changeStatus(employeeId, period, by, Date.now());
    await this.#afterAudited();
    return true;
  }

  /** Current staff's status now and who is checked in: what the dashboard's staff list adds to D1's. */
  async staffState(): Promise<{ statuses: Record<string, StaffStatus>; checkedIn: string[] }> {
    await this.#site();
    return {
      statuses: Object.fromEntries(this.#records.staff.statuses()),
      checkedIn: this.#records.openSessions().map((session) => session.employeeId),
    };
  }

  /** Current staff's status now and the status periods touching the range (leave analytics, checks). */
  async leave(
    range: DateRange,
  ): Promise<{ current: { id: string; currentStatus: string }[]; periods: StatusPeriodRecord[] }> {
    await this.#site();
    const current = [...this.#records.staff.statuses()].map(([id, status]) => ({
      id,
      currentStatus: status.status,
    }));
    return { current, periods: this.#records.staff.periodsTouching(range) };
  }

  /** Everything the hub owns of its staff, deleted employees' too (the account export). */
  async staffRecords(): Promise<{
    statuses: Record<string, StaffStatus>;
    history: StatusPeriodRecord[];
    overrides: BreakOverrideRecord[];
  }> {
    await this.#site();
    const { staff } = this.#records;
    return {
      statuses: Object.fromEntries(staff.allStatuses()),
      history: staff.history(),
      overrides: staff.breakOverrides(true),
    };
  }

  /** Check-ins that began in a period. */
  async checkIns(bounds: Bounds): Promise<{ employeeId: string; checkIn: number }[]> {
    await this.#site();
    return this.#records.checkInsBetween(bounds);
  }

  async openSessions(): Promise<SessionRecord[]> {
    await this.#site();
    return this.#records.openSessions();
  }

  /** Every session, a page at a time in check-in order (the account export). */
  async sessionPage(after: { checkIn: number; id: string } | null, limit: number): Promise<SessionRecord[]> {
    await this.#site();
    return this.#records.page(after, Math.min(Math.max(1, limit), 5_000));
  }

  /** The breaks clocked in these sessions (the account export, a page of sessions at a time). */
  async breaksOf(sessionIds: string[]): Promise<BreakRecord[]> {
    return this.#records.breaks.of(sessionIds);
  }

  /** These sessions' timesheet entries as they now stand after corrections (the account export). */
  async entriesOf(sessionIds: string[]): Promise<Entry[]> {
    return this.#entries.ofSessions(sessionIds);
  }

  /** The entries managers added, which no kiosk session holds, as they now stand (the account export). */
  async addedEntries(): Promise<Entry[]> {
    await this.#site();
    return this.#entries.added();
  }

  /** Closes the employee's open session as the manager: the session as it was, or null if none was open. */
  async closeSession(
    employeeId: string,
    at: number,
    options: { refuseIfLocked?: boolean } = {},
  ): Promise<SessionRecord | null | "locked"> {
    await this.#site();
    const open = options.refuseIfLocked ? this.#records.openSessionOf(employeeId) : null;
    if (open && this.#records.approvals.locks(employeeId, open.checkIn, at)) return "locked";
    const closed = this.#records.closeByManager(employeeId, at);
    if (closed) this.ctx.waitUntil(this.#pushLiveStatus());
    return closed;
  }

  /** Sessions recorded elsewhere, copied in by id (the backfill; tests that set up history). */
  async importSessions(sessions: SessionRecord[]): Promise<number> {
    await this.#site();
    const inserted = this.#records.importSessions(sessions);
    if (inserted > 0) {
      // Within ten to fifteen minutes the alarm reports the copied check-ins and sets itself for any open
      // session's auto-close, so a backfill never closes what it copies in the moment it lands.
      this.ctx.waitUntil(this.#ensureAlarm(Date.now() + this.#reportEvery));
      this.ctx.waitUntil(this.#pushLiveStatus());
    }
    return inserted;
  }

  /**
   * Copies the sessions D1 recorded for this location before hubs kept them, a page at a time; by id, so
   * running it again (or after a failure half-way) adds nothing twice. Returns how many were new.
   */
  async backfill(): Promise<number> {
    await this.#site();
    const inserted = await this.#control.backfill();
    if (inserted > 0) await this.#ensureAlarm(Date.now() + this.#reportEvery);
    return inserted;
  }

  /**
   * The control plane changed something this location must know (its staff, look, access, or an archive or
   * closure): the hub reads its site again from D1, then tells its dashboards and kiosks.
   */
  async changed(change: HubChange): Promise<void> {
    await this.#control.sync();
    // A shorter auto-close setting may make an open session due sooner.
    const due = await this.#nextAutoClose();
    if (due !== null) await this.#ensureAlarm(due);
    if (change === "appearance" || change === "site") await this.#pushAppearance();
    if (change === "employees") broadcast(this.ctx, { type: "employees_changed" });
    if (change === "devices") broadcast(this.ctx, { type: "devices_changed" });
    await this.#pushLiveStatus();
  }

  /**
   * Ends the sockets a server-side change took the right from (logout, password reset, suspension, an
   * archived location, an unpaired kiosk, a closed account), with a close code saying why.
   */
  async disconnect(scope: SocketScope, close: SocketClose): Promise<number> {
    const sockets = this.ctx.getWebSockets(scopeTag(scope));
    for (const ws of sockets) closeSocket(ws, close);
    return sockets.length;
  }

  /**
   * The account was deleted: every socket closes and everything this hub stored is erased. Answers how many
   * attendance sessions went with it.
   */
  async forget(): Promise<number> {
    for (const ws of this.ctx.getWebSockets()) closeSocket(ws, SOCKET_CLOSE.locationClosed);
    const sessions = this.#records.sessionCount();
    await this.ctx.storage.deleteAlarm();
    this.#alarmAt = null;
    await this.ctx.storage.deleteAll();
    this.#records.forgetCached();
    // This instance may be asked again (a kiosk still pointing here): it starts from an empty schema.
    migrateHubStorage(this.ctx.storage);
    this.#control.forget();
    return sessions;
  }

  /** When each paired device last punched, as this hub recorded it (D1 hears within ten to fifteen minutes). */
  async devicesLastUsed(): Promise<Record<string, number>> {
    return this.#records.devicesLastUsed();
  }

  /** A dashboard's or a kiosk's WebSocket upgrade, already authorised by the Worker. */
  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const header = (name: string) => request.headers.get(name);
    const locationId = header(HUB_LOCATION_HEADER);
    const attachment = socketAttachment.safeParse(
      path === HUB_KIOSK_PATH
        ? { role: "kiosk", locationId, deviceId: header(HUB_DEVICE_HEADER) }
        : { locationId, userId: header(HUB_USER_HEADER), sessionKey: header(HUB_SESSION_HEADER) },
    );
    if (header("Upgrade") !== "websocket" || !attachment.success) {
      return new Response("Expected an authorised WebSocket upgrade", { status: 400 });
    }
    const data = attachment.data;
    // A ticket opens one socket: a second use (a replay from a log or a shared link) is refused. Only a
    // public kiosk comes without one.
    const ticketId = header(HUB_TICKET_HEADER);
    const needsTicket = !("role" in data) || data.deviceId !== null;
    if (needsTicket && !ticketId) return new Response("Expected a ticket", { status: 400 });
    if (
      ticketId &&
      !this.#storage.spendTicket(ticketId, Number(header(HUB_TICKET_EXPIRES_HEADER)), Date.now())
    ) {
      return new Response("This ticket was already used", { status: 401 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    if ("role" in data) {
      const tags = data.deviceId
        ? [KIOSKS, PAIRED_KIOSKS, deviceTag(data.deviceId)]
        : [KIOSKS, PUBLIC_KIOSKS];
      this.ctx.acceptWebSocket(server, tags);
      server.serializeAttachment(data);
      send(server, { type: "appearance", data: await this.#appearance() });
    } else {
      this.ctx.acceptWebSocket(server, [DASHBOARDS, userTag(data.userId), sessionTag(data.sessionKey)]);
      server.serializeAttachment(data);
      send(server, { type: "live_status", data: await this.currentStatus() });
      await this.#ensureAlarm(Date.now() + SESSION_RECHECK_MS);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * The hub's one alarm does five jobs. It sends D1 the usage waiting in the outbox (retried every
   * REPORT_EVERY_MS until D1 has it). While dashboards are open, their sessions are checked again every
   * SESSION_RECHECK_MS: what ends with no event to hear (a session's 30 days running out, a grace period
   * lapsing into suspension) ends the socket too, within the hour. The storage is pruned, so wrong-PIN
   * counters, incidents and stored answers of a hub nobody uses any more do not stay for ever. And a session
   * left open past the location's auto-close hours is closed and flagged for review, and the manager gets
   * one e-mail a day listing them (issue 16).
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.#alarmAt = null;
    await this.#autoClose(now);
    await this.#control.mailReviews(now);
    this.#storage.prune(now);
    await this.#control.report();
    await this.#recheckSessions();
    const next = [
      await this.#nextAutoClose(),
      // Auto-closed sessions not yet e-mailed (one e-mail a day, or the mailer failed): look again hourly.
      this.#forgotten.hasUnmailed() ? now + HOUR_MS : null,
      this.#records.hasUnreported() || this.#entries.hasUnaudited() || this.#records.audits.hasUnaudited()
        ? now + this.#reportEvery
        : null,
      this.ctx.getWebSockets(DASHBOARDS).some((ws) => ws.readyState === WebSocket.OPEN)
        ? now + SESSION_RECHECK_MS
        : null,
      this.#storage.holdsRows() ? now + PRUNE_EVERY_MS : null,
    ].filter((at) => at !== null);
    if (next.length > 0) await this.#setAlarm(Math.min(...next));
  }

  /** Closes the sessions left open too long (none when the location turned auto-close off). */
  async #autoClose(now: number) {
    const site = await this.#site();
    if (!site || site.autoCloseAfterHours === null) return;
    const closed = this.#forgotten.close(now, site.autoCloseAfterHours * HOUR_MS, site.workdayMinutes);
    if (closed.length > 0) await this.#pushLiveStatus();
  }

  /** When the alarm must next ring to close a forgotten session, or null. */
  async #nextAutoClose(): Promise<number | null> {
    const site = await this.#site();
    if (!site || site.autoCloseAfterHours === null) return null;
    return this.#forgotten.nextDue(site.autoCloseAfterHours * HOUR_MS);
  }

  /** Sessions closed by the hub that a manager has not reviewed yet (the Hours tab's badge). */
  async needsReview(): Promise<number> {
    await this.#site();
    return this.#forgotten.needingReview();
  }

  /** Dashboards whose session has ended since (signed out, or the account must pay) are closed. */
  async #recheckSessions() {
    const bySession = new Map<string, WebSocket[]>();
    for (const ws of this.ctx.getWebSockets(DASHBOARDS)) {
      const attachment = dashboardAttachment.safeParse(ws.deserializeAttachment());
      if (!attachment.success) continue;
      const sockets = bySession.get(attachment.data.sessionKey) ?? [];
      bySession.set(attachment.data.sessionKey, [...sockets, ws]);
    }
    for (const [sessionHash, close] of await this.#control.endedSessions(bySession.keys())) {
      for (const ws of bySession.get(sessionHash) ?? []) closeSocket(ws, close);
    }
  }

  /** Makes the alarm ring by `at`: one already set earlier serves as well. */
  async #ensureAlarm(at: number) {
    // Remembered, so a busy location's punches do not each ask storage for the alarm.
    if (this.#alarmAt !== null && this.#alarmAt <= at) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.#setAlarm(at);
    else this.#alarmAt = current;
  }

  async #setAlarm(at: number) {
    await this.ctx.storage.setAlarm(at);
    this.#alarmAt = at;
  }

  /** The site as the control plane last described it (read from D1 only when it changed or is unknown). */
  #site(): Promise<Site | null> {
    return this.#control.site();
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const parsed = clientMessage.safeParse(parseJson(message));
    const attachment = socketAttachment.safeParse(ws.deserializeAttachment());
    if (!parsed.success || !attachment.success) return send(ws, { type: "error", detail: "Unknown message" });
    if (parsed.data.type === "ping") return send(ws, { type: "pong" });
    if ("role" in attachment.data) {
      return send(ws, { type: "appearance", data: await this.#appearance() });
    }
    send(ws, { type: "live_status", data: await this.currentStatus() });
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime's automatic reply.
    }
  }

  /** Queued, so dashboards receive states in the order they happened. */
  #pushLiveStatus(): Promise<void> {
    // A burst of punches queues one read, not one per punch: a push that has not started yet will read
    // the storage after every punch before it, so it already carries their state.
    if (this.#pendingLiveStatus) return this.#pendingLiveStatus;
    const push = this.#pushes
      .run(async () => {
        this.#pendingLiveStatus = null;
        if (this.ctx.getWebSockets(DASHBOARDS).length === 0) return;
        broadcast(this.ctx, { type: "live_status", data: await this.currentStatus() });
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${this.#locationId}] live status push failed: ${describeError(error)}`),
      );
    this.#pendingLiveStatus = push;
    return push;
  }

  /** The kiosks' new look; public kiosks are closed once the location accepts only paired ones. */
  #pushAppearance(): Promise<void> {
    return this.#pushes
      .run(async () => {
        if (this.ctx.getWebSockets(KIOSKS).length === 0) return;
        const site = this.#records.site();
        const text = JSON.stringify({
          type: "appearance",
          data: await this.#appearance(),
        } satisfies ServerMessage);
        for (const ws of this.ctx.getWebSockets(KIOSKS)) sendText(ws, text);
        if (site && !site.open) {
          for (const ws of this.ctx.getWebSockets(KIOSKS)) closeSocket(ws, SOCKET_CLOSE.locationClosed);
        } else if (site?.onlyPaired) {
          for (const ws of this.ctx.getWebSockets(PUBLIC_KIOSKS)) closeSocket(ws, SOCKET_CLOSE.onlyPaired);
        }
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${this.#locationId}] appearance push failed: ${describeError(error)}`),
      );
  }

  /** What the kiosks' sockets are sent: the look, and whether to offer the break buttons. */
  async #appearance(): Promise<KioskSetup> {
    const site = await this.#site();
    if (!site) return { button_shape: "rectangle", background_theme: "white", logo_url: null };
    return { ...site.appearance, record_breaks: site.recordBreaks };
  }
}

/** Whether a kiosk caller may use the location now: it is open, and the caller is one it accepts. */
function admit(
  site: Site | null,
  caller: { deviceId: string | null },
  records: HubRecords,
): KioskRefusal | null {
  if (!site) return "not_found";
  if (!site.open) return "retired";
  if (caller.deviceId) return records.isPaired(caller.deviceId) ? null : "not_paired";
  return site.onlyPaired ? "only_paired" : null;
}
