import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { ServerMessage } from "../../worker/contracts/live";
import { sessionHashOf } from "../../worker/db/accounts";
import { appSecret } from "../../worker/lib/config";
import { issueLiveTicket } from "../../worker/lib/tickets";
import { api } from "../support/api";
import {
  addEmployee,
  checkIn,
  hubStub,
  JANE,
  liveTicket,
  openLiveSocket,
  RAVI,
  shopWith,
} from "../support/kiosk";

const liveStatusWith = (name: string) => (m: ServerMessage) =>
  m.type === "live_status" && m.data.checked_in.some((s) => s.name === name);

describe("a dashboard's live socket", () => {
  it("gets the live status on connect, and the new one after a kiosk check-in", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const ticket = await api("POST", `/api/manager/live-status/${locationId}/ticket`, {
      token: manager.token,
    });
    expect(ticket.body).toEqual({ ticket: expect.any(String), expires_in: 60 });

    const live = await openLiveSocket(locationId, ticket.body.ticket as string);
    expect(live.response.status).toBe(101);
    const first = await live.next((m) => m.type === "live_status");
    expect(first).toMatchObject({
      type: "live_status",
      data: { checked_in: [], kpis: { open_sessions: 0 } },
    });

    await checkIn(locationId, "janes", JANE.pin);
    const update = await live.next(liveStatusWith("Jane Smith"));
    expect(update).toMatchObject({ data: { kpis: { employees_checked_in: 1, total_checkins_today: 1 } } });
    live.socket?.close();
  });

  it("hears about employee changes and sessions closed from the dashboard", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await live.next((m) => m.type === "live_status");
    await checkIn(locationId, "janes", JANE.pin);
    await live.next(liveStatusWith("Jane Smith"));

    await addEmployee(manager, locationId, RAVI);
    await live.next((m) => m.type === "employees_changed");

    const jane = employees[0] as Employee;
    live.messages.length = 0;
    await api("POST", `/api/manager/employees/${locationId}/${jane.id}/close-session`, {
      token: manager.token,
    });
    const closed = await live.next((m) => m.type === "live_status");
    expect(closed).toMatchObject({
      data: { checked_in: [], checked_out: [{ id: jane.id, name: "Jane Smith" }] },
    });
    live.socket?.close();
  });

  it("keeps pushing after the hub has hibernated", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await live.next((m) => m.type === "live_status");
    await evictDurableObject(hubStub(locationId));
    await checkIn(locationId, "janes", JANE.pin);
    await live.next(liveStatusWith("Jane Smith"));
    live.messages.length = 0;
    live.socket?.send(JSON.stringify({ type: "refresh" }));
    await live.next(liveStatusWith("Jane Smith"));
    live.socket?.close();
  });

  it("reaches every dashboard open on the location", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const sockets = await Promise.all(
      [1, 2, 3].map(async () => openLiveSocket(locationId, await liveTicket(manager, locationId))),
    );
    await checkIn(locationId, "janes", JANE.pin);
    for (const live of sockets) {
      await live.next(liveStatusWith("Jane Smith"));
      live.socket?.close();
    }
  });

  it("answers ping with pong, refresh with the live status, and anything else with an error", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await live.next((m) => m.type === "live_status");
    live.messages.length = 0;
    live.socket?.send(JSON.stringify({ type: "ping" }));
    await live.next((m) => m.type === "pong");
    live.socket?.send(JSON.stringify({ type: "refresh" }));
    await live.next((m) => m.type === "live_status");
    live.socket?.send("{not json");
    live.socket?.send(JSON.stringify({ type: "drop_tables" }));
    await live.next((m) => m.type === "error" && m.detail === "Unknown message");
    live.socket?.close();
  });
});

describe("a socket that must not connect", () => {
  const tryConnect = (
    locationId: string,
    ticket: string | null,
    headers: Record<string, string> = { Upgrade: "websocket" },
  ) =>
    exports.default.fetch(
      `http://clocked.test/api/live/${locationId}${ticket === null ? "" : `?ticket=${encodeURIComponent(ticket)}`}`,
      { headers },
    );

  it("is refused for another manager's location, even with a valid ticket of their own", async () => {
    const owner = await shopWith([JANE]);
    const intruder = await shopWith([RAVI]);
    const intruderTicket = await liveTicket(intruder.manager, intruder.locationId);
    const response = await tryConnect(owner.locationId, intruderTicket);
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
    expect(await response.json()).toEqual({ detail: "This ticket is for another location" });
    // Nor can they obtain a ticket for it.
    const ticket = await api("POST", `/api/manager/live-status/${owner.locationId}/ticket`, {
      token: intruder.manager.token,
    });
    expect(ticket.status).toBe(404);
  });

  it("is refused with an expired, forged or missing ticket", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const secret = appSecret(env);
    const sessionHash = await sessionHashOf(manager.token);
    const claims = { userId: manager.id, locationId, sessionHash };
    const expired = await issueLiveTicket(secret, claims, Date.now() - 61_000);
    const forged = await issueLiveTicket("someone-elses-secret-0123456789abcdef0123", claims);
    for (const ticket of [expired, forged, `${await liveTicket(manager, locationId)}x`, "garbage", null]) {
      const response = await tryConnect(locationId, ticket);
      expect(response.status).toBe(401);
      expect(response.webSocket).toBeNull();
      expect(await response.json()).toEqual({ detail: "Invalid or expired ticket" });
    }
  });

  it("is refused once the location has left the manager's account", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    await api("POST", "/api/manager/locations", { token: manager.token, body: { name: "Second" } });
    const ticket = await liveTicket(manager, locationId);
    await api("DELETE", `/api/manager/locations/${locationId}`, { token: manager.token });
    const response = await tryConnect(locationId, ticket);
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
  });

  it("is not a WebSocket request at all", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const response = await tryConnect(locationId, await liveTicket(manager, locationId), {});
    expect(response.status).toBe(400);
  });
});
