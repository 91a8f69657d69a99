import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type ServerMessage, serverMessage } from "../../worker/contracts/live";
import { api } from "../support/api";
import { TINY_PNG } from "../support/images";
import { addEmployee, checkIn, JANE, RAVI, shopWith } from "../support/kiosk";

/** Opens a kiosk's appearance socket the way the kiosk page does, collecting every (validated) message. */
async function openKioskSocket(locationId: string, ticket?: string) {
  const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : "";
  const response = await exports.default.fetch(`http://clocked.test/api/kiosk-live/${locationId}${query}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = response.webSocket;
  const messages: ServerMessage[] = [];
  const raw: string[] = [];
  let closedWith: number | null = null;
  socket?.accept();
  socket?.addEventListener("message", (event) => {
    raw.push(String(event.data));
    messages.push(serverMessage.parse(JSON.parse(String(event.data))));
  });
  socket?.addEventListener("close", (event) => {
    closedWith = event.code;
  });
  async function until<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { response, socket, messages, raw, until, closedWith: () => closedWith };
}

describe("a kiosk's appearance socket", () => {
  it("gets the look on connect and after a customization save or a new logo, and never staff status", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const kiosk = await openKioskSocket(locationId);
    expect(kiosk.response.status).toBe(101);
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance"));
    expect(kiosk.messages[0]).toEqual({
      type: "appearance",
      data: { button_shape: "rectangle", background_theme: "white", logo_url: null },
    });

    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { background_theme: "black", button_shape: "circle" },
    });
    const changed = await kiosk.until(() =>
      kiosk.messages.find((m) => m.type === "appearance" && m.data.background_theme === "black"),
    );
    expect(changed).toEqual({
      type: "appearance",
      data: { button_shape: "circle", background_theme: "black", logo_url: null },
    });

    const form = new FormData();
    form.append("file", new File([TINY_PNG], "logo.png", { type: "image/png" }));
    await exports.default.fetch(`http://clocked.test/api/manager/locations/${locationId}/logo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${manager.token}` },
      body: form,
    });
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance" && m.data.logo_url !== null));

    // Staff activity: a check-in, a new employee, a refresh request. None of it reaches the kiosk.
    await checkIn(locationId, "janes", JANE.pin);
    await addEmployee(manager, locationId, RAVI);
    kiosk.socket?.send(JSON.stringify({ type: "refresh" }));
    await kiosk.until(() => (kiosk.messages.length >= 4 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kiosk.messages.every((m) => m.type === "appearance")).toBe(true);
    for (const text of kiosk.raw) {
      expect(text).not.toMatch(/Jane|Smith|janes|Ravi|checked_in|live_status|employees_changed/);
    }
    kiosk.socket?.close();
  });

  it("is refused to a public kiosk when only paired kiosks may be used, and closed when switched on", async () => {
    const { manager, locationId } = await shopWith([]);
    const open = await openKioskSocket(locationId);
    await open.until(() => open.messages[0]);
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { only_paired_kiosks: true },
    });
    expect(await open.until(() => open.closedWith() ?? undefined)).toBe(4403);

    const refused = await openKioskSocket(locationId);
    expect(refused.response.status).toBe(403);
    expect(refused.socket).toBeNull();
  });

  it("lets a paired device in with a short ticket from its token, and refuses a bad ticket", async () => {
    const { manager, locationId } = await shopWith([]);
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { only_paired_kiosks: true },
    });
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    const ticket = await api("POST", "/api/kiosk-live/ticket", { token: paired.body.token as string });
    expect(ticket.body).toEqual({ ticket: expect.any(String), expires_in: 60, location_id: locationId });

    const kiosk = await openKioskSocket(locationId, ticket.body.ticket as string);
    expect(kiosk.response.status).toBe(101);
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance"));
    kiosk.socket?.close();

    expect((await openKioskSocket(locationId, "not-a-ticket")).response.status).toBe(401);
    // The device token itself is not a ticket.
    expect((await openKioskSocket(locationId, paired.body.token as string)).response.status).toBe(401);
    expect((await api("GET", `/api/kiosk-live/${locationId}`)).status).toBe(400);
  });
});
