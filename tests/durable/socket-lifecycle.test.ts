import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SOCKET_CLOSE } from "../../worker/contracts/live";
import { api, createManager, latestCode, STRONG_PASSWORD } from "../support/api";
import {
  addLocation,
  hubStub,
  JANE,
  liveTicket,
  type Manager,
  openKioskSocket,
  openLiveSocket,
  shopWith,
} from "../support/kiosk";

// A live socket is only as good as what let it in: the session, the subscription, the location, the
// paired device. When any of them ends, the server closes the socket within a second, with a code that
// says why, and a ticket opens one socket only.

const WITHIN_A_SECOND = 1000;

async function openDashboard(manager: Manager, locationId: string) {
  const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
  expect(live.response.status).toBe(101);
  await live.next((m) => m.type === "live_status");
  return live;
}

/** A second session for the same manager, as another browser would sign in. */
async function signInAgain(manager: Manager) {
  const login = await api("POST", "/api/auth/login", {
    body: { email_or_name: manager.email, password: STRONG_PASSWORD },
  });
  return { ...manager, token: login.body.session_id as string };
}

describe("a dashboard's live socket follows the session", () => {
  it("is closed within a second of logout, with 4401; another session's socket stays open", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const otherBrowser = await signInAgain(manager);
    const live = await openDashboard(manager, locationId);
    const other = await openDashboard(otherBrowser, locationId);

    expect((await api("POST", "/api/manager/logout", { token: manager.token })).status).toBe(200);
    expect(await live.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.signedOut);

    // The other browser is still signed in: its dashboard keeps receiving.
    other.messages.length = 0;
    other.socket?.send(JSON.stringify({ type: "refresh" }));
    await other.next((m) => m.type === "live_status");
    other.socket?.close();
  });

  it("is closed within a second of a password reset, on every location and every session", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const second = await addLocation(manager, "Second shop");
    const sockets = [
      await openDashboard(manager, locationId),
      await openDashboard(manager, second),
      await openDashboard(await signInAgain(manager), locationId),
    ];

    await api("POST", "/api/auth/forgot-password", { body: { email: manager.email } });
    const code = await latestCode(manager.email);
    const reset = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: "Another!2026" },
    });
    expect(reset.status).toBe(200);
    for (const socket of sockets) {
      expect(await socket.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.signedOut);
    }
  });

  it("is closed within a second of archiving its location, with 4404", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    await addLocation(manager, "Second shop");
    const live = await openDashboard(manager, locationId);
    const kiosk = await openKioskSocket(locationId);
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance"));

    expect(
      (await api("DELETE", `/api/manager/locations/${locationId}`, { token: manager.token })).status,
    ).toBe(200);
    expect(await live.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.locationClosed);
    expect(await kiosk.until(() => kiosk.closedWith() ?? undefined, WITHIN_A_SECOND)).toBe(
      SOCKET_CLOSE.locationClosed.code,
    );
  });

  it("is closed within a second when the account is suspended, with 4402", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const live = await openDashboard(manager, locationId);
    const suspended = await api("POST", "/api/dev/billing-state", {
      body: { email: manager.email, subscription_status: "suspended" },
    });
    expect(suspended.status).toBe(200);
    expect(await live.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.subscription);
    // And a new ticket cannot be had (402), nor can an old one open a socket.
    expect(
      (await api("POST", `/api/manager/live-status/${locationId}/ticket`, { token: manager.token })).status,
    ).toBe(402);
  });

  it("is closed at the hub's hourly check once its session has run out, or the account has lapsed into suspension", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const other = await signInAgain(manager);
    const expiring = await openDashboard(manager, locationId);
    const lapsing = await openDashboard(other, locationId);

    // Nothing announces these: the 30 days of the first session end; the account's grace period lapses.
    const sessions = await env.DB.prepare(
      "SELECT token_hash FROM sessions WHERE user_id = ? ORDER BY created_at",
    )
      .bind(manager.id)
      .all<{ token_hash: string }>();
    const { sessionHashOf } = await import("../../worker/db/accounts");
    const first = await sessionHashOf(manager.token);
    expect(sessions.results.map((r) => r.token_hash)).toContain(first);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1, first)
      .run();
    expect(await runDurableObjectAlarm(hubStub(locationId))).toBe(true);
    expect(await expiring.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.signedOut);

    await env.DB.prepare("UPDATE users SET subscription_status = 'past_due', past_due_since = ? WHERE id = ?")
      .bind(Date.now() - 8 * 24 * 60 * 60_000, manager.id)
      .run();
    expect(await runDurableObjectAlarm(hubStub(locationId))).toBe(true);
    expect(await lapsing.closed(WITHIN_A_SECOND)).toEqual(SOCKET_CLOSE.subscription);
  });

  it("cannot be opened with a ticket whose session has since signed out", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const ticket = await liveTicket(manager, locationId);
    await api("POST", "/api/manager/logout", { token: manager.token });
    const live = await openLiveSocket(locationId, ticket);
    expect(live.response.status).toBe(401);
    expect(live.socket).toBeNull();
  });
});

describe("a live ticket", () => {
  it("opens one socket: used a second time it is refused", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const ticket = await liveTicket(manager, locationId);
    const first = await openLiveSocket(locationId, ticket);
    expect(first.response.status).toBe(101);
    const second = await openLiveSocket(locationId, ticket);
    expect(second.response.status).toBe(401);
    expect(second.socket).toBeNull();
    first.socket?.close();
  });

  it("is one per socket for a paired kiosk too", async () => {
    const manager = await createManager();
    const locationId = await addLocation(manager);
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    const token = paired.body.token as string;
    const { ticket } = (await api("POST", "/api/kiosk-live/ticket", { token })).body as { ticket: string };
    const first = await openKioskSocket(locationId, ticket);
    expect(first.response.status).toBe(101);
    const again = await openKioskSocket(locationId, ticket);
    expect(again.response.status).toBe(401);
    first.socket?.close();
  });
});

describe("a paired kiosk's socket follows its pairing", () => {
  it("is closed within a second of unpairing that device, with 4410; other kiosks stay open", async () => {
    const manager = await createManager();
    const locationId = await addLocation(manager);
    const pair = async () => {
      const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
      const token = paired.body.token as string;
      const { ticket } = (await api("POST", "/api/kiosk-live/ticket", { token })).body as { ticket: string };
      const socket = await openKioskSocket(locationId, ticket);
      await socket.until(() => socket.messages.find((m) => m.type === "appearance"));
      return { deviceId: paired.body.device_id as string, socket };
    };
    const unpaired = await pair();
    const kept = await pair();
    const publicKiosk = await openKioskSocket(locationId);

    const revoke = await api("DELETE", `/api/manager/kiosk-devices/${locationId}/${unpaired.deviceId}`, {
      token: manager.token,
    });
    expect(revoke.status).toBe(200);
    expect(
      await unpaired.socket.until(() => unpaired.socket.closedWith() ?? undefined, WITHIN_A_SECOND),
    ).toBe(SOCKET_CLOSE.deviceRevoked.code);

    await api("DELETE", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    expect(await kept.socket.until(() => kept.socket.closedWith() ?? undefined, WITHIN_A_SECOND)).toBe(
      SOCKET_CLOSE.deviceRevoked.code,
    );
    // A public kiosk is not a paired device: unpairing leaves it alone.
    expect(publicKiosk.closedWith()).toBeNull();
    publicKiosk.socket?.close();
  });
});
