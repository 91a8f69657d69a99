import jwt from "@tsndr/cloudflare-worker-jwt";
import { z } from "zod";
import { LIVE_TICKET_SECONDS } from "../contracts/live";
import { hmacHex, newId } from "./crypto";

// Signed tokens (HS256). Each purpose signs with its own key derived from the server secret, and
// carries its purpose in `typ`, so a kiosk token can never pass as a live ticket or the other way round.

type Purpose = "live-ticket" | "kiosk-device" | "kiosk-live";

const signingKey = (secret: string, purpose: Purpose) => hmacHex(secret, `jwt:${purpose}`);

async function verified(token: string, secret: string, purpose: Purpose): Promise<unknown> {
  if (token.length > 2048) return null;
  try {
    const data = await jwt.verify(token, await signingKey(secret, purpose), { algorithm: "HS256" });
    return data?.payload ?? null;
  } catch {
    // Malformed tokens throw inside the library; to the caller they are simply not valid.
    return null;
  }
}

/** Which ticket this is (each opens one socket) and when it stops being valid (epoch ms). */
export type TicketUse = { ticketId: string; expiresAt: number };

const liveTicketClaims = z.object({
  typ: z.literal("live"),
  sub: z.string(),
  loc: z.string(),
  sid: z.string(),
  jti: z.string(),
  exp: z.number(),
});
/**
 * `sessionHash` is the stored SHA-256 of the session token the ticket was issued to (not a credential:
 * the database keeps it precisely because it cannot be replayed), so the socket ends with that session.
 */
export type LiveTicket = { userId: string; locationId: string; sessionHash: string };

/** A 60-second, single-use ticket that lets one manager's session open one location's live socket. */
export async function issueLiveTicket(secret: string, ticket: LiveTicket, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const claims = {
    typ: "live",
    sub: ticket.userId,
    loc: ticket.locationId,
    sid: ticket.sessionHash,
    jti: newId(),
    iat,
  };
  return jwt.sign({ ...claims, exp: iat + LIVE_TICKET_SECONDS }, await signingKey(secret, "live-ticket"));
}

/** The ticket's claims when its signature holds and it has not expired; otherwise null. */
export async function readLiveTicket(
  secret: string,
  token: string,
): Promise<(LiveTicket & TicketUse) | null> {
  const claims = liveTicketClaims.safeParse(await verified(token, secret, "live-ticket"));
  if (!claims.success) return null;
  const { sub, loc, sid, jti, exp } = claims.data;
  return { userId: sub, locationId: loc, sessionHash: sid, ticketId: jti, expiresAt: exp * 1000 };
}

const kioskTokenClaims = z.object({ typ: z.literal("kiosk"), sub: z.string(), loc: z.string() });
export type KioskToken = { deviceId: string; locationId: string };

/** A paired kiosk's token: no expiry; revoking the device's row is what ends it. */
export async function issueKioskToken(secret: string, token: KioskToken, now = Date.now()) {
  const claims = { typ: "kiosk", sub: token.deviceId, loc: token.locationId, iat: Math.floor(now / 1000) };
  return jwt.sign(claims, await signingKey(secret, "kiosk-device"));
}

export async function readKioskToken(secret: string, token: string): Promise<KioskToken | null> {
  const claims = kioskTokenClaims.safeParse(await verified(token, secret, "kiosk-device"));
  return claims.success ? { deviceId: claims.data.sub, locationId: claims.data.loc } : null;
}

const kioskLiveClaims = z.object({
  typ: z.literal("kiosk-live"),
  sub: z.string(),
  loc: z.string(),
  jti: z.string(),
  exp: z.number(),
});

/**
 * A 60-second ticket for a paired kiosk's appearance socket: browsers cannot send the device token as a
 * header on a WebSocket, and the long-lived token itself must not travel in a URL.
 */
export async function issueKioskLiveTicket(secret: string, token: KioskToken, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const claims = { typ: "kiosk-live", sub: token.deviceId, loc: token.locationId, jti: newId(), iat };
  return jwt.sign({ ...claims, exp: iat + LIVE_TICKET_SECONDS }, await signingKey(secret, "kiosk-live"));
}

export async function readKioskLiveTicket(
  secret: string,
  token: string,
): Promise<(KioskToken & TicketUse) | null> {
  const claims = kioskLiveClaims.safeParse(await verified(token, secret, "kiosk-live"));
  if (!claims.success) return null;
  const { sub, loc, jti, exp } = claims.data;
  return { deviceId: sub, locationId: loc, ticketId: jti, expiresAt: exp * 1000 };
}
