import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../support/api";
import { TINY_PNG } from "../support/images";
import { addEmployee, checkIn, JANE, openKioskSocket, RAVI, shopWith } from "../support/kiosk";

describe("a kiosk's appearance socket", () => {
  it("gets the look on connect and after a customization save, a new logo or the break buttons, and never staff status", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const kiosk = await openKioskSocket(locationId);
    expect(kiosk.response.status).toBe(101);
    await kiosk.until(() => kiosk.messages.find((m) => m.type === "appearance"));
    expect(kiosk.messages[0]).toEqual({
      type: "appearance",
      data: { button_shape: "rectangle", background_theme: "white", logo_url: null, record_breaks: false },
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
      data: { button_shape: "circle", background_theme: "black", logo_url: null, record_breaks: false },
    });

    // Turning the break buttons on reaches the open kiosk, so its step 1 offers them without a reload.
    await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { record_breaks: true },
    });
    await kiosk.until(() =>
      kiosk.messages.find((m) => m.type === "appearance" && m.data.record_breaks === true),
    );

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
    await kiosk.until(() => (kiosk.messages.length >= 5 ? true : undefined));
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
