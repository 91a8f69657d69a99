import { env, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { StaffClockResponse, StaffClockState } from "../../worker/contracts/staff-phone";
import type { EntryHistoryResponse, TimesheetResponse } from "../../worker/contracts/timesheets";
import { parseCsv } from "../../worker/domain/csv";
import type { LocationHub } from "../../worker/durable/location-hub";
import { api } from "../support/api";
import { checkIn, hubStub } from "../support/kiosk";
import { staffSessionFor, staffShop } from "../support/staff";

// Clocking in from the phone (docs/staff-app.md): the site's circle, then a kiosk punch in all but the PIN.

const SITE = { latitude: 51.5392, longitude: -0.1426 };
const EARTH = 6_371_008.8;
/** A position due north of the site, this many metres away. */
const north = (metres: number, accuracy = 10) => ({
  latitude: SITE.latitude + (metres / EARTH) * (180 / Math.PI),
  longitude: SITE.longitude,
  accuracy,
});

type Shop = Awaited<ReturnType<typeof staffShop>>;

async function phoneShop(options: { plan?: "starter" | "pro" | "business" } = {}) {
  return staffShop(undefined, { plan: options.plan ?? "pro" });
}

const settings = (shop: Shop, body: Record<string, unknown>) =>
  api("PUT", `/api/manager/locations/${shop.locationId}/phone-clock-in`, { token: shop.manager.token, body });

const turnOn = (shop: Shop, radius = 150) =>
  settings(shop, { enabled: true, ...SITE, radius_metres: radius });

const clock = (shop: Shop, action: string, position = north(0), headers: Record<string, string> = {}) =>
  api("POST", "/api/staff/me/clock", { token: shop.staff.token, body: { action, ...position }, headers });

describe("the location's phone clock-in setting", () => {
  it("is off by default, with no position and a 150 m radius", async () => {
    const shop = await phoneShop();
    const response = await api("GET", `/api/manager/locations/${shop.locationId}/phone-clock-in`, {
      token: shop.manager.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      location_id: shop.locationId,
      enabled: false,
      latitude: null,
      longitude: null,
      radius_metres: 150,
    });
  });

  it("refuses to turn on without the site's position", async () => {
    const shop = await phoneShop();
    const response = await settings(shop, { enabled: true });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/Use where I am now/);
  });

  it("refuses a radius under 50 m or over 1,000 m, and a position out of range", async () => {
    const shop = await phoneShop();
    for (const radius of [49, 1_001, 100.5]) {
      const response = await settings(shop, { ...SITE, radius_metres: radius });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/radius_metres must be a whole number of metres from 50 to 1,000/);
    }
    expect((await settings(shop, { latitude: 91, longitude: 0 })).status).toBe(400);
    expect((await settings(shop, { latitude: 51 })).status).toBe(400);
  });

  it("saves the position and radius, and turns on", async () => {
    const shop = await phoneShop();
    const response = await turnOn(shop, 200);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ enabled: true, ...SITE, radius_metres: 200 });
  });

  it("is Pro and Business only", async () => {
    const shop = await phoneShop({ plan: "starter" });
    const response = await turnOn(shop);
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(
      "Clocking in from the phone is available on the Pro and Business plans. Upgrade to unlock it.",
    );
  });

  it("answers 404 for another account's location", async () => {
    const shop = await phoneShop();
    const other = await phoneShop();
    const response = await api("PUT", `/api/manager/locations/${other.locationId}/phone-clock-in`, {
      token: shop.manager.token,
      body: { enabled: false },
    });
    expect(response.status).toBe(404);
  });
});

describe("GET /api/staff/me/clock", () => {
  it("says whether the location allows it, its name and radius, and that they are out", async () => {
    const shop = await phoneShop();
    const before = (await api("GET", "/api/staff/me/clock", { token: shop.staff.token })).body;
    expect(before).toMatchObject({ enabled: false, state: { status: "out" } });
    await turnOn(shop);
    const after = (await api("GET", "/api/staff/me/clock", { token: shop.staff.token }))
      .body as unknown as StaffClockState;
    expect(after).toEqual({
      enabled: true,
      location: { name: "Camden High Street", radius_metres: 150 },
      record_breaks: false,
      state: { status: "out" },
    });
  });

  it("shows them in once they clocked in at the kiosk", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    expect((await checkIn(shop.locationId, shop.employee.username, "4821")).status).toBe(200);
    const state = (await api("GET", "/api/staff/me/clock", { token: shop.staff.token })).body;
    expect(state).toMatchObject({ state: { status: "in" } });
  });
});

describe("POST /api/staff/me/clock", () => {
  it("clocks in inside the circle, through the hub, with the position kept rounded", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    const response = await clock(shop, "check_in", north(40, 12.4));
    expect(response.status).toBe(200);
    const body = response.body as unknown as StaffClockResponse;
    expect(body.message).toMatch(/^Checked in at \d{2}:\d{2}/);
    expect(body.state.status).toBe("in");
    // The kiosk sees the same session: a second check-in is refused as the kiosk refuses it.
    const again = await checkIn(shop.locationId, shop.employee.username, "4821");
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/already checked in/i);

    const sheet = (
      await api("GET", `/api/manager/timesheets/${shop.locationId}`, { token: shop.manager.token })
    ).body as unknown as TimesheetResponse;
    const entry = sheet.employees.flatMap((e) => e.days.flatMap((d) => d.entries))[0];
    expect(entry?.source).toBe("phone");
    const history = (
      await api("GET", `/api/manager/timesheets/${shop.locationId}/entries/${entry?.id}/history`, {
        token: shop.manager.token,
      })
    ).body as unknown as EntryHistoryResponse;
    expect(history.phone_punches).toEqual([
      {
        action: "check_in",
        at: expect.any(String),
        latitude: Math.round(north(40).latitude * 10_000) / 10_000,
        longitude: SITE.longitude,
        accuracy_metres: 12,
        distance_metres: 40,
      },
    ]);
  });

  it("refuses a phone 420 m away with the distance, for clocking in and out", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    const far = await clock(shop, "check_in", north(423, 5));
    expect(far.status).toBe(403);
    expect(far.body.detail).toBe("You're 420 m from Camden High Street. Clock in when you're at work.");
    expect((await clock(shop, "check_in")).status).toBe(200);
    const out = await clock(shop, "check_out", north(423, 5));
    expect(out.status).toBe(403);
    expect(out.body.detail).toBe("You're 420 m from Camden High Street. Clock out when you're at work.");
  });

  it("accepts a phone outside the radius whose accuracy reaches it", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    expect((await clock(shop, "check_in", north(300, 160))).status).toBe(200);
  });

  it("refuses a position vaguer than 1,000 m", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    const response = await clock(shop, "check_in", north(0, 1_500));
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe(
      "Your phone can't tell where you are precisely enough. Try again outside or turn on precise location.",
    );
  });

  it("refuses while the location has not turned it on", async () => {
    const shop = await phoneShop();
    const response = await clock(shop, "check_in");
    expect(response.status).toBe(403);
    expect(response.body.detail).toBe("Your location doesn't let staff clock in from their phones.");
  });

  it("refuses when the account's plan does not include it", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    await env.DB.prepare("UPDATE users SET plan = 'starter' WHERE id = ?").bind(shop.manager.id).run();
    const response = await clock(shop, "check_in");
    expect(response.status).toBe(403);
    expect(response.body.detail).toMatch(/isn't part of your employer's plan/);
  });

  it("clocks breaks where the location records them, and refuses them where it does not", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    await clock(shop, "check_in");
    const refused = await clock(shop, "break_start");
    expect(refused.status).toBe(400);
    const on = await api("PUT", `/api/manager/locations/${shop.locationId}/customization`, {
      token: shop.manager.token,
      body: { record_breaks: true },
    });
    expect(on.status).toBe(200);
    const started = await clock(shop, "break_start");
    expect(started.status).toBe(200);
    expect((started.body as unknown as StaffClockResponse).state.status).toBe("on_break");
    const far = await clock(shop, "break_end", north(1_000));
    expect(far.body.detail).toMatch(/Clock in when you're at work\.$/);
    expect((await clock(shop, "break_end")).status).toBe(200);
    expect((await clock(shop, "check_out")).status).toBe(200);
  });

  it("answers a retry with the same Idempotency-Key as it answered the first, recording one punch", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    const key = { "Idempotency-Key": "phone-retry-0001" };
    const first = await clock(shop, "check_in", north(0), key);
    const second = await clock(shop, "check_in", north(0), key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe(first.body.message);
    const reused = await clock(shop, "check_out", north(0), key);
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toMatch(/Idempotency-Key/);
  });

  it("acts only for the signed-in employee", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    const other = await phoneShop();
    const otherStaff = await staffSessionFor(other.employee.id);
    await clock(shop, "check_in");
    // The other shop's employee is still out, and their location is off.
    const theirs = await api("POST", "/api/staff/me/clock", {
      token: otherStaff.token,
      body: { action: "check_out", ...north(0) },
    });
    expect(theirs.status).toBe(403);
    const state = await api("GET", "/api/staff/me/clock", { token: otherStaff.token });
    expect(state.body).toMatchObject({ state: { status: "out" } });
  });

  it("keeps the position only in the hub's records, erased with them", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    await clock(shop, "check_in");
    const count = () =>
      runInDurableObject(hubStub(shop.locationId), (_hub: LocationHub, state) =>
        Number(state.storage.sql.exec("SELECT count(*) AS n FROM punch_positions").one().n),
      );
    expect(await count()).toBe(1);
    await runInDurableObject(hubStub(shop.locationId), (hub: LocationHub) => hub.forget());
    expect(await count()).toBe(0);
  });

  it("gives the staff member each position kept, in My data", async () => {
    const shop = await phoneShop();
    await turnOn(shop);
    expect((await clock(shop, "check_in", north(40, 12.4))).status).toBe(200);
    const response = await exports.default.fetch("http://clocked.test/api/staff/me/export", {
      headers: { Authorization: `Bearer ${shop.staff.token}`, "CF-Connecting-IP": "203.0.113.9" },
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const rows = parseCsv(new TextDecoder().decode(files["phone-punch-positions.csv"]));
    expect(rows).toEqual([
      ["Date", "Time", "What", "Latitude", "Longitude", "Accuracy (m)", "Distance from site (m)"],
      [
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
        expect.stringMatching(/^\d{2}:\d{2}$/),
        "Clocked in",
        String(Math.round(north(40).latitude * 10_000) / 10_000),
        String(SITE.longitude),
        "12",
        "40",
      ],
    ]);
  });
});
