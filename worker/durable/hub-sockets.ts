import { z } from "zod";
import type { ServerMessage, SocketScope } from "../contracts/live";
import { closedMessage, type SocketClose } from "../contracts/socket-close";

// The LocationHub's WebSockets: what the Worker tells it on an upgrade, what each socket carries, and the
// tags that find a scope's sockets.

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

export const dashboardAttachment = z.object({
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
export const socketAttachment = z.union([kioskAttachment, dashboardAttachment]);

// Socket tags: staff data only ever goes to DASHBOARDS; kiosks hear only their location's look. The
// others name who opened a socket, so that ending a session, an account or a device finds its sockets.
export const DASHBOARDS = "dashboard";
export const KIOSKS = "kiosk";
export const PUBLIC_KIOSKS = "kiosk-public";
export const PAIRED_KIOSKS = "kiosk-paired";
export const userTag = (userId: string) => `user:${userId}`;
export const sessionTag = (sessionKey: string) => `session:${sessionKey}`;
export const deviceTag = (deviceId: string) => `device:${deviceId}`;

/** The tag that finds a scope's sockets; undefined finds them all. */
export function scopeTag(scope: SocketScope): string | undefined {
  if ("session" in scope) return sessionTag(scope.session);
  if ("user" in scope) return userTag(scope.user);
  if ("device" in scope) return deviceTag(scope.device);
  if ("pairedKiosks" in scope) return PAIRED_KIOSKS;
  return undefined;
}

/** Says why first, then closes: a client that never sees the close event still learns the code. */
export function closeSocket(ws: WebSocket, close: SocketClose) {
  const { code, reason } = close;
  sendText(ws, closedMessage(close));
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}

export function parseJson(message: string | ArrayBuffer): unknown {
  if (typeof message !== "string") return null;
  try {
    return JSON.parse(message);
  } catch {
    return null;
  }
}

export function sendText(ws: WebSocket, text: string) {
  if (ws.readyState !== WebSocket.OPEN) return;
  try {
    ws.send(text);
  } catch {
    // The socket closed between the check and the send: nothing to deliver to.
  }
}

export const send = (ws: WebSocket, message: ServerMessage) => sendText(ws, JSON.stringify(message));

/** Staff data: dashboards only. The attachment check backs up the tag, so a kiosk can never receive it. */
export function broadcast(ctx: DurableObjectState, message: ServerMessage) {
  const text = JSON.stringify(message);
  for (const ws of ctx.getWebSockets(DASHBOARDS)) {
    // A plain check rather than a schema parse: this runs for every socket on every punch.
    const attachment: unknown = ws.deserializeAttachment();
    if (typeof attachment === "object" && attachment !== null && !("role" in attachment)) sendText(ws, text);
  }
}
