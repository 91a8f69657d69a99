import { clientMessage, type SocketScope } from "../../contracts/live";
import type { SocketClose } from "../../contracts/socket-close";
import type { HubCore } from "../hub-core";
import {
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
  sessionTag,
  socketAttachment,
  userTag,
} from "../hub-sockets";
import { currentStatus } from "./reads";

export const SESSION_RECHECK_MS = 60 * 60_000;

/** The sockets' room: dashboards' and kiosks' WebSockets, opened, answered and ended. */
export class SocketRoom {
  constructor(private readonly hub: HubCore) {}

  /** A dashboard's or a kiosk's WebSocket upgrade, already authorised by the Worker. */
  async upgrade(request: Request): Promise<Response> {
    const { hub } = this;
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
    if (ticketId && !hub.pins.spendTicket(ticketId, Number(header(HUB_TICKET_EXPIRES_HEADER)), Date.now())) {
      return new Response("This ticket was already used", { status: 401 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    if ("role" in data) {
      const tags = data.deviceId
        ? [KIOSKS, PAIRED_KIOSKS, deviceTag(data.deviceId)]
        : [KIOSKS, PUBLIC_KIOSKS];
      hub.ctx.acceptWebSocket(server, tags);
      server.serializeAttachment(data);
      send(server, { type: "appearance", data: await hub.live.appearance() });
    } else {
      hub.ctx.acceptWebSocket(server, [DASHBOARDS, userTag(data.userId), sessionTag(data.sessionKey)]);
      server.serializeAttachment(data);
      send(server, { type: "live_status", data: await currentStatus(hub) });
      await hub.alarms.ensure(Date.now() + SESSION_RECHECK_MS);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A socket's message: a ping is answered, anything else asks for the socket's state again. */
  async message(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const parsed = clientMessage.safeParse(parseJson(message));
    const attachment = socketAttachment.safeParse(ws.deserializeAttachment());
    if (!parsed.success || !attachment.success) return send(ws, { type: "error", detail: "Unknown message" });
    if (parsed.data.type === "ping") return send(ws, { type: "pong" });
    if ("role" in attachment.data) {
      return send(ws, { type: "appearance", data: await this.hub.live.appearance() });
    }
    send(ws, { type: "live_status", data: await currentStatus(this.hub) });
  }

  /** The client closed: the hub's end closes too, echoing the code. */
  close(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime's automatic reply.
    }
  }

  /**
   * Ends the sockets a server-side change took the right from (logout, password reset, suspension, an
   * archived location, an unpaired kiosk, a closed account), with a close code saying why.
   */
  disconnect(scope: SocketScope, close: SocketClose): number {
    const sockets = this.hub.ctx.getWebSockets(scopeTag(scope));
    for (const ws of sockets) closeSocket(ws, close);
    return sockets.length;
  }

  /** Whether any dashboard is watching now (its session is then checked again hourly). */
  dashboardsOpen(): boolean {
    return this.hub.ctx.getWebSockets(DASHBOARDS).some((ws) => ws.readyState === WebSocket.OPEN);
  }

  /** Dashboards whose session has ended since (signed out, or the account must pay) are closed. */
  async recheckSessions(): Promise<void> {
    const bySession = new Map<string, WebSocket[]>();
    for (const ws of this.hub.ctx.getWebSockets(DASHBOARDS)) {
      const attachment = dashboardAttachment.safeParse(ws.deserializeAttachment());
      if (!attachment.success) continue;
      const sockets = bySession.get(attachment.data.sessionKey) ?? [];
      bySession.set(attachment.data.sessionKey, [...sockets, ws]);
    }
    for (const [sessionHash, close] of await this.hub.control.endedSessions(bySession.keys())) {
      for (const ws of bySession.get(sessionHash) ?? []) closeSocket(ws, close);
    }
  }
}
