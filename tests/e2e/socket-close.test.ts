import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addLocation, businessManager, type Manager } from "../../bench/lib/accounts";
import { type BuiltApp, startBuiltApp } from "../../bench/lib/server";
import { SOCKET_CLOSE } from "../../worker/contracts/socket-close";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { launchBrowser, newPage } from "./support/browser";
import { openSocket } from "./support/live-socket";

// A live socket ends when what let it in ends, and the client hears why over real TCP: through the dev
// server (`npm run dev`: vite's proxy in front of workerd) and against the built Worker under `wrangler dev`.
// The hub sends a `closed` message with the code, then the close frame (docs/live-sockets.md):
// the client learns the code from whichever arrives first, and must within a second.

async function dashboardSocket(base: string, manager: Manager, locationId: string) {
  const { ticket } = await manager.call<{ ticket: string }>(
    "POST",
    `/manager/live-status/${locationId}/ticket`,
  );
  return openSocket(
    `${base.replace("http", "ws")}/api/live/${locationId}?ticket=${encodeURIComponent(ticket)}`,
  );
}

async function pairedKioskSocket(base: string, manager: Manager, locationId: string) {
  const device = await manager.call<{ device_id: string; token: string }>(
    "POST",
    `/manager/kiosk-devices/${locationId}`,
    { label: "Till tablet" },
  );
  const answer = await fetch(`${base}/api/kiosk-live/ticket`, {
    method: "POST",
    headers: { Authorization: `Bearer ${device.token}` },
  });
  const { ticket } = (await answer.json()) as { ticket: string };
  const socket = await openSocket(
    `${base.replace("http", "ws")}/api/kiosk-live/${locationId}?ticket=${encodeURIComponent(ticket)}`,
  );
  return { socket, deviceId: device.device_id };
}

function closesOverTheNetwork(server: () => string) {
  it("ends a dashboard's socket with 4401 within a second of logout", async () => {
    const manager = await businessManager(server());
    const locationId = await addLocation(manager, "Deptford Bakery");
    const live = await dashboardSocket(server(), manager, locationId);
    const since = Date.now();
    await manager.call("POST", "/manager/logout");
    expect(await live.ended(since)).toEqual(SOCKET_CLOSE.signedOut);
  });

  it("ends a dashboard's socket with 4402 within a second of the account's suspension", async () => {
    const manager = await businessManager(server());
    const locationId = await addLocation(manager, "Deptford Bakery");
    const live = await dashboardSocket(server(), manager, locationId);
    const since = Date.now();
    const suspended = await fetch(`${server()}/api/dev/billing-state`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: manager.email, subscription_status: "suspended" }),
    });
    expect(suspended.status).toBe(200);
    expect(await live.ended(since)).toEqual(SOCKET_CLOSE.subscription);
  });

  it("ends the dashboard's and the kiosk's sockets with 4404 within a second of archiving the location", async () => {
    const manager = await businessManager(server());
    await addLocation(manager, "High Street");
    const locationId = await addLocation(manager, "Deptford Bakery");
    const live = await dashboardSocket(server(), manager, locationId);
    const { socket: kiosk } = await pairedKioskSocket(server(), manager, locationId);
    const since = Date.now();
    await manager.call("DELETE", `/manager/locations/${locationId}`);
    expect(await live.ended(since)).toEqual(SOCKET_CLOSE.locationClosed);
    expect(await kiosk.ended(since)).toEqual(SOCKET_CLOSE.locationClosed);
  });

  it("ends a paired kiosk's socket with 4410 within a second of unpairing it", async () => {
    const manager = await businessManager(server());
    const locationId = await addLocation(manager, "Deptford Bakery");
    const { socket: kiosk, deviceId } = await pairedKioskSocket(server(), manager, locationId);
    const since = Date.now();
    await manager.call("DELETE", `/manager/kiosk-devices/${locationId}/${deviceId}`);
    expect(await kiosk.ended(since)).toEqual(SOCKET_CLOSE.deviceRevoked);
  });
}

describe("live sockets through the dev server", () => {
  closesOverTheNetwork(() => inject("baseUrl"));
});

describe("a dashboard in Chromium, through the dev server", () => {
  it("leaves for the sign-in page within seconds of its session ending elsewhere, with no reload", async () => {
    const browser = await launchBrowser();
    try {
      const page = await newPage(browser);
      const { session } = await managerWithLocation();
      const sockets: string[] = [];
      page.on("websocket", (socket) => sockets.push(socket.url()));
      await openDashboard(page, session);
      await expect.poll(() => sockets.some((url) => url.includes("/api/live/"))).toBe(true);
      // Another device signs this session out: only the socket can tell this page.
      const logout = await fetch(`${inject("baseUrl")}/api/manager/logout`, {
        method: "POST",
        headers: { Authorization: `Bearer ${session.session_id}` },
      });
      expect(logout.status).toBe(200);
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor({ timeout: 5000 });
    } finally {
      await browser.close();
    }
  });
});

describe("live sockets against the built Worker under wrangler dev", () => {
  let app: BuiltApp | undefined;
  beforeAll(async () => {
    app = await startBuiltApp();
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });
  closesOverTheNetwork(() => app?.url ?? "");
});
