import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import {
  clientMessage,
  type LiveStatus,
  PING,
  type PinAlert,
  PONG,
  type ServerMessage,
  type SocketScope,
} from "../contracts/live";
import { SOCKET_CLOSE, type SocketClose } from "../contracts/socket-close";
import { userForSessionHash } from "../db/accounts";
import { type PunchWrite, type PunchWritten, recordPunches } from "../db/attendance";
import { type Db, getDb } from "../db/client";
import type { EmployeeRow } from "../db/employees";
import { punchDirectory } from "../db/kiosk-directory";
import { liveStatus, liveStatusOf } from "../db/live-status";
import { readLocationSettings, toKioskAppearance } from "../db/location-settings";
import { locationOwner } from "../db/locations";
import { subscriptionRequired } from "../domain/plans";
import { PUBLIC_KIOSK } from "../domain/punch-rules";
import { effectiveBilling } from "../domain/subscription";
import { appSecret } from "../lib/config";
import { describeError } from "../lib/errors";
import { GroupCommit } from "../lib/group-commit";
import { SerialQueue } from "../lib/serial-queue";
import { mailerFor, pinAttackEmail } from "../services/email";
import { HubStorage, type PinIncident } from "./hub-storage";
import { type InFlight, type PunchOutcome, type PunchRequest, preparePunch, punch } from "./punch";

/** Set by the Worker on the upgrade it forwards, after it has checked the ticket and the tenant. */
export const HUB_LOCATION_HEADER = "X-Clocked-Location";
export const HUB_USER_HEADER = "X-Clocked-User";
/** On a dashboard's upgrade: which session the ticket came from, so ending that session ends the socket. */
export const HUB_SESSION_HEADER = "X-Clocked-Session";
/** On a kiosk's upgrade: the paired device's id, absent for a public (variant A) kiosk. */
export const HUB_DEVICE_HEADER = "X-Clocked-Device";
/** The ticket's id and expiry (epoch ms): the hub lets each ticket open one socket only. */
export const HUB_TICKET_HEADER = "X-Clocked-Ticket";
export const HUB_TICKET_EXPIRES_HEADER = "X-Clocked-Ticket-Expires";
export const HUB_DASHBOARD_PATH = "/live";
export const HUB_KIOSK_PATH = "/kiosk";

const dashboardAttachment = z.object({
  locationId: z.string(),
  userId: z.string(),
  sessionKey: z.string(),
});
const kioskAttachment = z.object({
  role: z.literal("kiosk"),
  locationId: z.string(),
  deviceId: z.string().nullable(),
});
/** Kiosk first: a dashboard's attachment has no role (as before kiosks listened too). */
const socketAttachment = z.union([kioskAttachment, dashboardAttachment]);

// Socket tags: staff data only ever goes to DASHBOARDS; kiosks hear only their location's look. The
// others name who opened a socket, so that ending a session, an account or a device finds its sockets.
const DASHBOARDS = "dashboard";
const KIOSKS = "kiosk";
const PUBLIC_KIOSKS = "kiosk-public";
const PAIRED_KIOSKS = "kiosk-paired";
const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionKey: string) => `session:${sessionKey}`;
const deviceTag = (deviceId: string) => `device:${deviceId}`;

/** The tag that finds a scope's sockets; undefined finds them all. */
function scopeTag(scope: SocketScope): string | undefined {
  if ("session" in scope) return sessionTag(scope.session);
  if ("user" in scope) return userTag(scope.user);
  if ("device" in scope) return deviceTag(scope.device);
  if ("pairedKiosks" in scope) return PAIRED_KIOSKS;
  return undefined;
}

const DIRECTORY_TTL_MS = 5_000;
const SESSION_RECHECK_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 24 * 60 * 60_000;

export type HubChange = "attendance" | "employees" | "appearance";

/**
 * One per location: decides every kiosk submit in one synchronous step and records them in that order (so
 * nothing can double-punch or out-guess the PIN counters), and pushes live status to the location's
 * dashboards over hibernating WebSockets.
 */
export class LocationHub extends DurableObject<Env> {
  readonly #db: Db;
  readonly #storage: HubStorage;
  readonly #writes: GroupCommit<PunchWrite, PunchWritten>;
  readonly #inFlight: InFlight = new Map();
  readonly #pushes = new SerialQueue();
  /** The location's employees, so a punch costs one D1 write rather than a read and a write. */
  #directory: { rows: Promise<EmployeeRow[]>; loadedAt: number } | null = null;
  /** When the alarm is set to ring, as far as this instance knows (null: unknown or none). */
  #alarmAt: number | null = null;
  /** The queued live-status push that has not started yet, if any. */
  #pendingLiveStatus: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#db = getDb(env.DB);
    this.#writes = new GroupCommit((writes) => recordPunches(this.#db, writes));
    this.#storage = new HubStorage(ctx.storage);
    // Keep-alive pings are answered without waking a hibernating hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /**
   * A kiosk check-in or check-out. The employee lookup and PIN hash run side by side for every submit;
   * the decision is synchronous, so no two interleave; its D1 write commits in decision order, together
   * with the writes decided meanwhile: a busy location costs one round trip per burst, not per punch.
   */
  async submit(request: PunchRequest): Promise<PunchOutcome> {
    const prepared = await preparePunch(this.#employees(request.locationId), appSecret(this.env), request);
    const now = Date.now();
    const desk = {
      storage: this.#storage,
      now,
      record: (write: PunchWrite) => this.#writes.add(write),
      inFlight: this.#inFlight,
      incidentOpened: (source: string) => {
        this.ctx.waitUntil(this.#reportIncident(request.locationId, source, now));
        this.ctx.waitUntil(this.#pushLiveStatus(request.locationId, request.timeZone));
      },
    };
    const answer = await punch(desk, request, prepared);
    if (answer.status === 200) this.ctx.waitUntil(this.#pushLiveStatus(request.locationId, request.timeZone));
    // What the punch stored (a wrong PIN, an answer to replay) is pruned by the alarm if nothing else comes.
    this.ctx.waitUntil(this.#ensureAlarm(now + PRUNE_EVERY_MS));
    return answer;
  }

  /** The dashboard's Live Status: attendance from D1, wrong-PIN alerts from this hub's storage. */
  async currentStatus(locationId: string, timeZone?: string): Promise<LiveStatus> {
    const attendance = await (timeZone
      ? liveStatus(this.#db, locationId, timeZone)
      : liveStatusOf(this.#db, locationId));
    return { ...attendance, pin_alerts: this.#pinAlerts(Date.now()) };
  }

  /** A manager changed employees or sessions: every open dashboard hears about it. */
  async changed(locationId: string, change: HubChange): Promise<void> {
    if (change === "appearance") return this.#pushAppearance(locationId);
    if (change === "employees") this.#directory = null;
    if (change === "employees") this.#broadcast({ type: "employees_changed" });
    await this.#pushLiveStatus(locationId);
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

  /** The account was deleted: every socket closes and everything this hub stored is erased. */
  async forget(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) closeSocket(ws, SOCKET_CLOSE.locationClosed);
    this.#directory = null;
    await this.ctx.storage.deleteAlarm();
    this.#alarmAt = null;
    await this.ctx.storage.deleteAll();
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
      this.#send(server, { type: "appearance", data: await this.#appearance(data.locationId) });
    } else {
      this.ctx.acceptWebSocket(server, [DASHBOARDS, userTag(data.userId), sessionTag(data.sessionKey)]);
      server.serializeAttachment(data);
      this.#send(server, { type: "live_status", data: await this.currentStatus(data.locationId) });
      await this.#ensureAlarm(Date.now() + SESSION_RECHECK_MS);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * The hub's one alarm does two jobs. While dashboards are open, their sessions are checked again every
   * SESSION_RECHECK_MS: what ends with no event to hear (a session's 30 days running out, a grace period
   * lapsing into suspension) ends the socket too, within the hour. And the storage is pruned, so wrong-PIN
   * counters, incidents and stored answers of a hub nobody uses any more do not stay for ever.
   */
  async alarm(): Promise<void> {
    const now = Date.now();
    this.#alarmAt = null;
    this.#storage.prune(now);
    const bySession = new Map<string, WebSocket[]>();
    for (const ws of this.ctx.getWebSockets(DASHBOARDS)) {
      const attachment = dashboardAttachment.safeParse(ws.deserializeAttachment());
      if (!attachment.success) continue;
      const sockets = bySession.get(attachment.data.sessionKey) ?? [];
      bySession.set(attachment.data.sessionKey, [...sockets, ws]);
    }
    for (const [sessionHash, sockets] of bySession) {
      const user = await userForSessionHash(this.#db, sessionHash);
      const close = !user
        ? SOCKET_CLOSE.signedOut
        : subscriptionRequired(effectiveBilling(user).subscriptionStatus)
          ? SOCKET_CLOSE.subscription
          : null;
      if (close) for (const ws of sockets) closeSocket(ws, close);
    }
    if (this.ctx.getWebSockets(DASHBOARDS).some((ws) => ws.readyState === WebSocket.OPEN)) {
      await this.#setAlarm(now + SESSION_RECHECK_MS);
    } else if (this.#storage.holdsRows()) {
      await this.#setAlarm(now + PRUNE_EVERY_MS);
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

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const parsed = clientMessage.safeParse(parseJson(message));
    const attachment = socketAttachment.safeParse(ws.deserializeAttachment());
    if (!parsed.success || !attachment.success)
      return this.#send(ws, { type: "error", detail: "Unknown message" });
    if (parsed.data.type === "ping") return this.#send(ws, { type: "pong" });
    const { locationId } = attachment.data;
    if ("role" in attachment.data) {
      return this.#send(ws, { type: "appearance", data: await this.#appearance(locationId) });
    }
    this.#send(ws, { type: "live_status", data: await this.currentStatus(locationId) });
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime's automatic reply.
    }
  }

  /**
   * Cached between punches and dropped whenever a manager changes an employee (PIN, name, active,
   * deletion). Should that notice ever be lost, the cache still lives only DIRECTORY_TTL_MS; and D1 itself
   * refuses a check-in for an inactive or deleted employee whatever the cache says.
   */
  #employees(locationId: string): Promise<EmployeeRow[]> {
    const now = Date.now();
    if (!this.#directory || now - this.#directory.loadedAt > DIRECTORY_TTL_MS) {
      const rows = punchDirectory(this.#db, locationId);
      this.#directory = { rows, loadedAt: now };
      rows.catch(() => {
        this.#directory = null;
      });
    }
    return this.#directory.rows;
  }

  /**
   * Queued, so dashboards receive states in the order they happened. A punch knows its location's time
   * zone, which spares the push reading the location first.
   */
  #pushLiveStatus(locationId: string, timeZone?: string): Promise<void> {
    // A burst of punches queues one read, not one per punch: a push that has not started yet will read
    // D1 after every punch before it, so it already carries their state.
    if (this.#pendingLiveStatus) return this.#pendingLiveStatus;
    const push = this.#pushes
      .run(async () => {
        this.#pendingLiveStatus = null;
        if (this.ctx.getWebSockets(DASHBOARDS).length === 0) return;
        this.#broadcast({ type: "live_status", data: await this.currentStatus(locationId, timeZone) });
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${locationId}] live status push failed: ${describeError(error)}`),
      );
    this.#pendingLiveStatus = push;
    return push;
  }

  /** The kiosks' new look; public kiosks are closed once the location accepts only paired ones. */
  #pushAppearance(locationId: string): Promise<void> {
    return this.#pushes
      .run(async () => {
        if (this.ctx.getWebSockets(KIOSKS).length === 0) return;
        const settings = await readLocationSettings(this.#db, locationId);
        const text = JSON.stringify({
          type: "appearance",
          data: toKioskAppearance(settings),
        } satisfies ServerMessage);
        for (const ws of this.ctx.getWebSockets(KIOSKS)) this.#sendText(ws, text);
        if (!settings.onlyPairedKiosks) return;
        for (const ws of this.ctx.getWebSockets(PUBLIC_KIOSKS)) closeSocket(ws, SOCKET_CLOSE.onlyPaired);
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${locationId}] appearance push failed: ${describeError(error)}`),
      );
  }

  #pinAlerts(now: number): PinAlert[] {
    return this.#storage.openIncidents(now).map((incident) => {
      const pausedUntil = this.#storage.throttledUntil(incident.source, now);
      const isPublic = incident.source === PUBLIC_KIOSK;
      return {
        kiosk: isPublic ? "public" : "paired",
        device_id: isPublic ? null : incident.source.replace(/^device:/, ""),
        started_at: new Date(incident.startedAt).toISOString(),
        last_at: new Date(incident.lastAt).toISOString(),
        wrong_pins: incident.wrongPins,
        refused: incident.refused,
        paused_until: pausedUntil === null ? null : new Date(pausedUntil).toISOString(),
      };
    });
  }

  /** One e-mail to the location's manager when an incident begins; a failure is logged, not retried. */
  async #reportIncident(locationId: string, source: string, now: number) {
    try {
      const owner = await locationOwner(this.#db, locationId);
      const incident = this.#storage.openIncidents(now).find((i: PinIncident) => i.source === source);
      if (!owner || !incident) return;
      const message = pinAttackEmail({
        managerName: owner.managerName,
        locationName: owner.locationName,
        publicKiosk: source === PUBLIC_KIOSK,
        wrongPins: incident.wrongPins,
        startedAt: incident.startedAt,
        timeZone: owner.timezone,
        dashboardUrl: `${this.env.APP_URL}/manager-dashboard`,
      });
      await mailerFor(this.env, this.#db).send({ to: owner.email, ...message });
    } catch (error) {
      console.error(`[location-hub ${locationId}] wrong-PIN alert e-mail failed: ${describeError(error)}`);
    }
  }

  async #appearance(locationId: string) {
    return toKioskAppearance(await readLocationSettings(this.#db, locationId));
  }

  /** Staff data: dashboards only. The attachment check backs up the tag, so a kiosk can never receive it. */
  #broadcast(message: ServerMessage) {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets(DASHBOARDS)) {
      // A plain check rather than a schema parse: this runs for every socket on every punch.
      const attachment: unknown = ws.deserializeAttachment();
      if (typeof attachment === "object" && attachment !== null && !("role" in attachment)) {
        this.#sendText(ws, text);
      }
    }
  }

  #send(ws: WebSocket, message: ServerMessage) {
    this.#sendText(ws, JSON.stringify(message));
  }

  #sendText(ws: WebSocket, text: string) {
    if (ws.readyState !== WebSocket.OPEN) return;
    try {
      ws.send(text);
    } catch {
      // The socket closed between the check and the send: nothing to deliver to.
    }
  }
}

function closeSocket(ws: WebSocket, { code, reason }: SocketClose) {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}

function parseJson(message: string | ArrayBuffer): unknown {
  if (typeof message !== "string") return null;
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}
