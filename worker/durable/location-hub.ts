import { DurableObject } from "cloudflare:workers";
import type { OfflinePunch, OfflinePunchResult } from "../contracts/kiosk";
import { type LiveStatus, PING, PONG, type SocketScope } from "../contracts/live";
import type { BreakOverride, BreakOverrideRequest } from "../contracts/settings";
import type { SocketClose } from "../contracts/socket-close";
import type { EntryVersion } from "../contracts/timesheets";
import type { BreakOverrideRecord, StatusPeriodRecord } from "../domain/account-export";
import type { HoursSession } from "../domain/hours";
import type { StaffStatus } from "../domain/hub-exchange";
import type { DateRange } from "../domain/leave";
import type { PlannedShift, StoredShift } from "../domain/rota";
import type { StaffQuery } from "../domain/staff-queries";
import type { Entry } from "../domain/timesheet";
import type { Approval, ApprovedPeriod } from "./hub-approvals";
import type { ClockedBreak } from "./hub-breaks";
import type { ShiftClaim } from "./hub-claims";
import { HubCore } from "./hub-core";
import type { Correction, CorrectionResult, Manager } from "./hub-entries";
import type { HubPortsOf } from "./hub-ports";
import type { PunchPosition } from "./hub-positions";
import type { AttendanceSession, Bounds } from "./hub-records";
import type { RotaWeekRow, ShiftFields } from "./hub-rota";
import type { StaffEditor, StatusPeriod } from "./hub-staff";
import type { PunchRequest } from "./punch";
import {
  type KioskCaller,
  type KioskRefusal,
  KioskRoom,
  type KioskView,
  type SubmitAnswer,
} from "./rooms/kiosk";
import { type HubChange, LifecycleRoom } from "./rooms/lifecycle";
import { type EmployeeRecords, MyDataRoom } from "./rooms/my-data";
import { type PhoneAnswer, type PhonePunchRequest, PhoneRoom, type PhoneState } from "./rooms/phone";
import { type QueryResult, QueryRoom } from "./rooms/queries";
import { ReadsRoom } from "./rooms/reads";
import { type CopyWeekResult, type PublishResult, RotaRoom, type ShiftWriteResult } from "./rooms/rota";
import { type ClaimCheck, type ClaimResult, type OpenShift, RotaClaimsRoom } from "./rooms/rota-claims";
import { type OvertimeResult, type RotaPay, RotaPayRoom } from "./rooms/rota-pay";
import { SocketRoom } from "./rooms/sockets";
import { StaffRoom } from "./rooms/staff";
import { type ApprovalResult, TimesheetRoom } from "./rooms/timesheets";

// The hub's rooms are plain modules (rooms/*.ts), not RpcTarget sub-objects. An RpcTarget returned over RPC
// reaches the caller as a stub that holds the hub's memory until disposed (Workers RPC, "Lifecycle"), and
// would turn every call into two hops (`hub.kiosk.submit(...)`) that callers must pipeline and dispose; the
// alarm and the WebSocket handlers must live on the class anyway. Plain modules keep one flat RPC surface
// with the same names callers use, and each method here is one line that hands the call to the room that
// owns its concern (docs/hub.md).

export type { HubChange, KioskCaller, KioskRefusal, KioskView, SubmitAnswer };

/**
 * One per location, named by its id: the location's system of record for attendance (hub-records.ts), and
 * what its kiosks need of the control plane, pushed from D1 whenever it changes. A punch is decided and
 * written in one synchronous step against this storage, with no D1 call; live status goes to the
 * location's dashboards over hibernating WebSockets; usage reaches D1 through an outbox the alarm drains.
 */
export class LocationHub extends DurableObject<Env> {
  readonly #core: HubCore;
  readonly #kiosk: KioskRoom;
  readonly #phone: PhoneRoom;
  readonly #timesheets: TimesheetRoom;
  readonly #staff: StaffRoom;
  readonly #reads: ReadsRoom;
  readonly #rota: RotaRoom;
  readonly #rotaPay: RotaPayRoom;
  readonly #claims: RotaClaimsRoom;
  readonly #sockets: SocketRoom;
  readonly #lifecycle: LifecycleRoom;
  readonly #queries: QueryRoom;
  readonly #myData: MyDataRoom;

  /** `ports`: the control plane and the mailer, given by the Worker's composition root (worker/hub.ts). */
  constructor(ctx: DurableObjectState, env: Env, ports: HubPortsOf) {
    super(ctx, env);
    const core = new HubCore(ctx, () => this.env, ports);
    this.#core = core;
    this.#kiosk = new KioskRoom(core);
    this.#phone = new PhoneRoom(core);
    this.#timesheets = new TimesheetRoom(core);
    this.#staff = new StaffRoom(core);
    this.#reads = new ReadsRoom(core);
    this.#rota = new RotaRoom(core);
    this.#rotaPay = new RotaPayRoom(core);
    this.#claims = new RotaClaimsRoom(core);
    this.#sockets = new SocketRoom(core);
    this.#lifecycle = new LifecycleRoom(core, this.#sockets);
    this.#queries = new QueryRoom(core);
    this.#myData = new MyDataRoom(core);
    core.alarms.register(this.#lifecycle.alarmJobs());
    // Keep-alive pings are answered without waking a hibernating hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  // --- Kiosks: punches and the PIN guard (rooms/kiosk.ts) ---

  async submit(request: PunchRequest & { deviceId: string | null }): Promise<SubmitAnswer> {
    return this.#kiosk.submit(request);
  }

  // --- Staff clocking from their phones (rooms/phone.ts) ---

  async phonePunch(request: PhonePunchRequest): Promise<PhoneAnswer> {
    return this.#phone.phonePunch(request);
  }

  async phoneState(employeeId: string): Promise<PhoneState | null> {
    return this.#phone.phoneState(employeeId);
  }

  // --- Kiosks, continued ---

  async sealKey(
    caller: KioskCaller,
  ): Promise<{ ok: true; key: string } | { ok: false; refusal: KioskRefusal }> {
    return this.#kiosk.sealKey(caller);
  }
  async offlinePunches(
    caller: KioskCaller & { deviceId: string },
    punches: OfflinePunch[],
  ): Promise<{ ok: true; results: OfflinePunchResult[] } | { ok: false; refusal: KioskRefusal }> {
    return this.#kiosk.offlinePunches(caller, punches);
  }
  async kiosk(caller: KioskCaller): Promise<KioskView> {
    return this.#kiosk.kiosk(caller);
  }
  async admits(caller: KioskCaller): Promise<KioskRefusal | null> {
    return this.#kiosk.admits(caller);
  }
  async unlockPins(employeeId: string, by: StaffEditor): Promise<number | null> {
    return this.#kiosk.unlockPins(employeeId, by);
  }

  // --- Timesheets: entries, corrections and approvals (rooms/timesheets.ts) ---

  async entries(
    bounds: Bounds,
  ): Promise<{ entries: Entry[]; latestReview: number | null; approvals: Approval[] }> {
    return this.#timesheets.entries(bounds);
  }
  async attendance(bounds: Bounds): Promise<{ entries: Entry[]; approvals: ApprovedPeriod[] }> {
    return this.#timesheets.attendance(bounds);
  }
  async approve(
    period: { key: string; start: number; end: number },
    employeeIds: string[],
    reviewedExceptions: boolean,
    by: Manager,
  ): Promise<ApprovalResult> {
    return this.#timesheets.approve(period, employeeIds, reviewedExceptions, by);
  }
  async unlock(periodKey: string, reason: string, by: Manager): Promise<number> {
    return this.#timesheets.unlock(periodKey, reason, by);
  }
  async entryHistory(
    entryId: string,
  ): Promise<{ entry: Entry; history: EntryVersion[]; positions: PunchPosition[] } | null> {
    return this.#timesheets.entryHistory(entryId);
  }
  async correct(change: Correction, by: Manager): Promise<CorrectionResult> {
    return this.#timesheets.correct(change, by);
  }
  async closeSession(
    employeeId: string,
    at: number,
    options: { refuseIfLocked?: boolean } = {},
  ): Promise<AttendanceSession | null | "locked"> {
    return this.#timesheets.closeSession(employeeId, at, options);
  }

  // --- Staff queries about their hours (rooms/queries.ts) ---

  async raiseQuery(
    employeeId: string,
    about: { entryId: string } | { day: string },
    note: string,
  ): Promise<QueryResult> {
    return this.#queries.raise(employeeId, about, note);
  }
  async queriesOf(employeeId: string): Promise<StaffQuery[]> {
    return this.#queries.mine(employeeId);
  }
  async queriesAbout(entryIds: string[], firstDay: string, lastDay: string): Promise<StaffQuery[]> {
    return this.#queries.about(entryIds, firstDay, lastDay);
  }
  async answerQuery(id: string, answer: string, by: Manager): Promise<QueryResult> {
    return this.#queries.answer(id, answer, by);
  }
  async employeeRecords(employeeId: string): Promise<EmployeeRecords> {
    return this.#myData.recordsOf(employeeId);
  }

  // --- Staff: PINs, statuses, own breaks (rooms/staff.ts) ---

  async storePin(employeeId: string, pinHash: string): Promise<void> {
    return this.#staff.storePin(employeeId, pinHash);
  }
  async dropPin(employeeId: string): Promise<void> {
    return this.#staff.dropPin(employeeId);
  }
  async changePin(employeeId: string, pinHash: string, by: StaffEditor): Promise<boolean> {
    return this.#staff.changePin(employeeId, pinHash, by);
  }
  async breakOverrides(withDeleted = false): Promise<BreakOverrideRecord[]> {
    return this.#staff.breakOverrides(withDeleted);
  }
  async setBreakOverride(
    employeeId: string,
    input: BreakOverrideRequest,
    by: StaffEditor,
  ): Promise<BreakOverride | null> {
    return this.#staff.setBreakOverride(employeeId, input, by);
  }
  async removeBreakOverride(employeeId: string, by: StaffEditor): Promise<boolean> {
    return this.#staff.removeBreakOverride(employeeId, by);
  }
  async changeStatus(employeeId: string, period: StatusPeriod, by: StaffEditor): Promise<boolean> {
    return this.#staff.changeStatus(employeeId, period, by);
  }
  async staffState(): Promise<{ statuses: Record<string, StaffStatus>; checkedIn: string[] }> {
    return this.#staff.staffState();
  }
  async leave(
    range: DateRange,
  ): Promise<{ current: { id: string; currentStatus: string }[]; periods: StatusPeriodRecord[] }> {
    return this.#staff.leave(range);
  }
  async staffRecords(): Promise<{
    statuses: Record<string, StaffStatus>;
    history: StatusPeriodRecord[];
    overrides: BreakOverrideRecord[];
  }> {
    return this.#staff.staffRecords();
  }

  // --- Reads and reports (rooms/reads.ts) ---

  async currentStatus(): Promise<LiveStatus> {
    return this.#reads.currentStatus();
  }
  async sessions(bounds: Bounds): Promise<HoursSession[]> {
    return this.#reads.sessions(bounds);
  }
  async checkIns(bounds: Bounds): Promise<{ employeeId: string; checkIn: number }[]> {
    return this.#reads.checkIns(bounds);
  }
  async openSessions(): Promise<AttendanceSession[]> {
    return this.#reads.openSessions();
  }
  async sessionPage(
    after: { checkIn: number; id: string } | null,
    limit: number,
  ): Promise<AttendanceSession[]> {
    return this.#reads.sessionPage(after, limit);
  }
  async breaksOf(sessionIds: string[]): Promise<ClockedBreak[]> {
    return this.#reads.breaksOf(sessionIds);
  }
  async entriesOf(sessionIds: string[]): Promise<Entry[]> {
    return this.#reads.entriesOf(sessionIds);
  }
  async addedEntries(): Promise<Entry[]> {
    return this.#reads.addedEntries();
  }
  async needsReview(): Promise<number> {
    return this.#reads.needsReview();
  }
  async devicesLastUsed(): Promise<Record<string, number>> {
    return this.#reads.devicesLastUsed();
  }

  // --- The rota (rooms/rota.ts) ---

  async rotaWeek(
    week: string,
    bounds: Bounds,
  ): Promise<{ shifts: StoredShift[]; publication: RotaWeekRow | null }> {
    return this.#rota.week(week, bounds);
  }
  async plannedShifts(bounds: Bounds): Promise<PlannedShift[]> {
    return this.#rota.plannedShifts(bounds);
  }
  async addShift(fields: ShiftFields, timeZone: string, by: Manager): Promise<ShiftWriteResult> {
    return this.#rota.addShift(fields, timeZone, by);
  }
  async editShift(id: string, fields: ShiftFields, timeZone: string, by: Manager): Promise<ShiftWriteResult> {
    return this.#rota.editShift(id, fields, timeZone, by);
  }
  async deleteShift(id: string, by: Manager): Promise<boolean> {
    return this.#rota.deleteShift(id, by);
  }
  async copyWeek(fromWeek: string, toWeek: string, timeZone: string, by: Manager): Promise<CopyWeekResult> {
    return this.#rota.copyWeek(fromWeek, toWeek, timeZone, by);
  }
  async clearWeek(week: string, timeZone: string, by: Manager): Promise<number> {
    return this.#rota.clearWeek(week, timeZone, by);
  }
  async publishWeek(week: string, timeZone: string, by: Manager): Promise<PublishResult> {
    return this.#rota.publish(week, timeZone, by);
  }

  // --- Open shifts and claims (rooms/rota-claims.ts) ---

  async openShifts(bounds: Bounds, now: number): Promise<OpenShift[]> {
    return this.#claims.openShifts(bounds, now);
  }
  async claimsOf(employeeId: string): Promise<ShiftClaim[]> {
    return this.#claims.claimsOf(employeeId);
  }
  async checkClaim(shiftId: string, employeeId: string): Promise<ClaimCheck> {
    return this.#claims.checkClaim(shiftId, employeeId);
  }
  async pendingClaims(): Promise<{ claim: ShiftClaim; shift: PlannedShift }[]> {
    return this.#claims.pendingClaims();
  }
  async shiftClaim(claimId: string): Promise<ShiftClaim | null> {
    return this.#claims.claim(claimId);
  }
  async claimShift(shiftId: string, claimant: Manager, autoApprove: boolean): Promise<ClaimResult> {
    return this.#claims.claimShift(shiftId, claimant, autoApprove);
  }
  async decideClaim(claimId: string, approve: boolean, by: Manager): Promise<ClaimResult> {
    return this.#claims.decideClaim(claimId, approve, by);
  }

  // --- The plan against the timesheet (rooms/rota-pay.ts) ---

  async rotaAgainst(bounds: Bounds): Promise<RotaPay> {
    return this.#rotaPay.against(bounds);
  }
  async setOvertime(entryId: string, approved: boolean, by: Manager): Promise<OvertimeResult> {
    return this.#rotaPay.setOvertime(entryId, approved, by);
  }

  // --- Sockets and live pushes (rooms/sockets.ts, hub-live.ts) ---

  async fetch(request: Request): Promise<Response> {
    return this.#sockets.upgrade(request);
  }
  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    return this.#sockets.message(ws, message);
  }
  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    return this.#sockets.close(ws, code, reason);
  }
  async disconnect(scope: SocketScope, close: SocketClose): Promise<number> {
    return this.#sockets.disconnect(scope, close);
  }

  // --- Lifecycle and the outboxes (rooms/lifecycle.ts, hub-alarms.ts) ---

  async changed(change: HubChange): Promise<void> {
    return this.#lifecycle.changed(change);
  }
  async importSessions(sessions: AttendanceSession[]): Promise<number> {
    return this.#lifecycle.importSessions(sessions);
  }
  async backfill(): Promise<number> {
    return this.#lifecycle.backfill();
  }
  async forget(): Promise<number> {
    return this.#lifecycle.forget();
  }
  async alarm(): Promise<void> {
    return this.#core.alarms.ring(Date.now());
  }
}
