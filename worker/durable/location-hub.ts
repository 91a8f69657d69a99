import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { clientMessage, PING, PONG, type ServerMessage } from "../contracts/live";
import { type PunchWrite, type PunchWritten, recordPunches } from "../db/attendance";
import { type Db, getDb } from "../db/client";
import type { EmployeeRow } from "../db/employees";
import { punchDirectory } from "../db/kiosk-directory";
import { liveStatus, liveStatusOf } from "../db/live-status";
import { readLocationSettings, toKioskAppearance } from "../db/location-settings";
import { appSecret } from "../lib/config";
import { GroupCommit } from "../lib/group-commit";
import { SerialQueue } from "../lib/serial-queue";
import { HubStorage } from "./hub-storage";
import { type InFlight, type PunchOutcome, type PunchRequest, preparePunch, punch } from "./punch";

/** Set by the Worker on the upgrade it forwards, after it has checked the ticket and the tenant. */
export const HUB_LOCATION_HEADER = "X-Clocked-Location";
export const HUB_USER_HEADER = "X-Clocked-User";
/** On a kiosk's upgrade: the paired device's id, absent for a public (variant A) kiosk. */
export const HUB_DEVICE_HEADER = "X-Clocked-Device";
export const HUB_DASHBOARD_PATH = "/live";
export const HUB_KIOSK_PATH = "/kiosk";

const dashboardAttachment = z.object({ locationId: z.string(), userId: z.string() });
const kioskAttachment = z.object({
  role: z.literal("kiosk"),
  locationId: z.string(),
  deviceId: z.string().nullable(),
});
/** Kiosk first: a dashboard's attachment has no role (as before kiosks listened too). */
const socketAttachment = z.union([kioskAttachment, dashboardAttachment]);

/** Close code for a public kiosk socket once the location accepts only paired kiosks. */
export const KIOSK_NOT_ALLOWED_CLOSE = 4403;

// Socket tags: staff data only ever goes to DASHBOARDS; kiosks hear only their location's look.
const DASHBOARDS = "dashboard";
const KIOSKS = "kiosk";
const PUBLIC_KIOSKS = "kiosk-public";

const DIRECTORY_TTL_MS = 5_000;

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
  /** The queued live-status push that has not started yet, if any. */
  #pendingLiveStatus: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#db = getDb(env.DB);
    this.#writes = new GroupCommit((writes) => recordPunches(this.#db, writes));
    this.#storage = new HubStorage(ctx.storage.sql);
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
    const desk = {
      storage: this.#storage,
      now: Date.now(),
      record: (write: PunchWrite) => this.#writes.add(write),
      inFlight: this.#inFlight,
    };
    const answer = await punch(desk, request, prepared);
    if (answer.status === 200) this.ctx.waitUntil(this.#pushLiveStatus(request.locationId, request.timeZone));
    return answer;
  }

  /** A manager changed employees or sessions: every open dashboard hears about it. */
  async changed(locationId: string, change: HubChange): Promise<void> {
    if (change === "appearance") return this.#pushAppearance(locationId);
    if (change === "employees") this.#directory = null;
    if (change === "employees") this.#broadcast({ type: "employees_changed" });
    await this.#pushLiveStatus(locationId);
  }

  /** A dashboard's or a kiosk's WebSocket upgrade, already authorised by the Worker. */
  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const locationId = request.headers.get(HUB_LOCATION_HEADER);
    const attachment = socketAttachment.safeParse(
      path === HUB_KIOSK_PATH
        ? { role: "kiosk", locationId, deviceId: request.headers.get(HUB_DEVICE_HEADER) }
        : { locationId, userId: request.headers.get(HUB_USER_HEADER) },
    );
    if (request.headers.get("Upgrade") !== "websocket" || !attachment.success) {
      return new Response("Expected an authorised WebSocket upgrade", { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    const data = attachment.data;
    if ("role" in data) {
      this.ctx.acceptWebSocket(server, data.deviceId ? [KIOSKS] : [KIOSKS, PUBLIC_KIOSKS]);
      server.serializeAttachment(data);
      this.#send(server, { type: "appearance", data: await this.#appearance(data.locationId) });
    } else {
      this.ctx.acceptWebSocket(server, [DASHBOARDS]);
      server.serializeAttachment(data);
      this.#send(server, {
        type: "live_status",
        data: await liveStatusOf(this.#db, data.locationId),
      });
    }
    return new Response(null, { status: 101, webSocket: client });
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
    this.#send(ws, { type: "live_status", data: await liveStatusOf(this.#db, locationId) });
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
        const data = await (timeZone
          ? liveStatus(this.#db, locationId, timeZone)
          : liveStatusOf(this.#db, locationId));
        this.#broadcast({ type: "live_status", data });
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${locationId}] live status push failed:`, error),
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
        for (const ws of this.ctx.getWebSockets(PUBLIC_KIOSKS)) {
          try {
            ws.close(KIOSK_NOT_ALLOWED_CLOSE, "Only paired kiosks");
          } catch {
            // Already closing.
          }
        }
      })
      .catch((error: unknown) =>
        console.error(`[location-hub ${locationId}] appearance push failed:`, error),
      );
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

function parseJson(message: string | ArrayBuffer): unknown {
  if (typeof message !== "string") return null;
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}
