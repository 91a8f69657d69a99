import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PIN_BUDGETS } from "../../worker/domain/punch-rules";
import type { LocationHub } from "../../worker/durable/location-hub";
import { api } from "../support/api";
import { checkIn, hubStub, liveTicket, type Manager, openLiveSocket, shopWith } from "../support/kiosk";

// Someone on the internet with a location's id can send wrong PINs to its public kiosk page. They may
// pause that page, but not the paired kiosks staff actually use, and the manager hears about it once.

const STAFF = ["Amy", "Bea", "Cal", "Dev", "Eli"].map((first_name) => ({
  first_name,
  last_name: "Test",
  pin: "1234",
}));
const USERNAMES = ["amyt", "beat", "calt", "devt", "elit"];
const [SHORT_BUDGET, DAILY_BUDGET] = PIN_BUDGETS;

async function pairDevice(manager: Manager, locationId: string) {
  const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
  return paired.body.token as string;
}

const pairedCheckIn = (token: string, username: string, pin: string) =>
  api("POST", "/api/kiosk/submit", { token, body: { username, pin, action: "check_in" } });

/** Spends the public kiosk's short budget: four wrong PINs for each of five people (nobody locked). */
async function exhaustPublicBudget(locationId: string) {
  for (const username of USERNAMES) {
    for (let i = 0; i < 4; i++) expect((await checkIn(locationId, username, "9999")).status).toBe(401);
  }
}

/** The hub's clock for wrong PINs moves on by `ms` (everything it counted happened that much earlier). */
const age = (locationId: string, ms: number) =>
  runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) => {
    state.storage.sql.exec("UPDATE wrong_pins SET at = at - ?", ms);
  });

async function outboxSubjects(email: string) {
  const { body } = await api("GET", `/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return (body.messages as { subject: string }[]).map((m) => m.subject);
}

describe("the kiosk under a wrong-PIN attack", () => {
  it("pauses the public kiosk, but a paired kiosk's right PIN still checks in", async () => {
    const { manager, locationId } = await shopWith(STAFF);
    const device = await pairDevice(manager, locationId);
    expect(SHORT_BUDGET?.failures).toBe(USERNAMES.length * 4);
    await exhaustPublicBudget(locationId);
    // The attacker also locks Amy at the public kiosk.
    for (let i = 0; i < 5; i++) await checkIn(locationId, "amyt", "0000");

    expect((await checkIn(locationId, "beat", "1234")).status).toBe(429);
    expect((await pairedCheckIn(device, "beat", "1234")).status).toBe(200);
    // Amy's lock belongs to the public kiosk: at the paired one her right PIN works.
    expect((await pairedCheckIn(device, "amyt", "1234")).status).toBe(200);
  });

  it("gives each paired device its own budget: one device's wrong PINs pause neither the others nor the public page", async () => {
    const { manager, locationId } = await shopWith(STAFF);
    const noisy = await pairDevice(manager, locationId);
    const quiet = await pairDevice(manager, locationId);
    for (const username of USERNAMES) {
      for (let i = 0; i < 4; i++) await pairedCheckIn(noisy, username, "9999");
    }
    expect((await pairedCheckIn(noisy, "amyt", "1234")).status).toBe(429);
    expect((await pairedCheckIn(quiet, "amyt", "1234")).status).toBe(200);
    expect((await checkIn(locationId, "beat", "1234")).status).toBe(200);
  });

  it(`caps the public kiosk at ${DAILY_BUDGET?.failures} wrong PINs a day, whatever the pace`, async () => {
    const daily = DAILY_BUDGET?.failures ?? 0;
    // Four wrong PINs per person (nobody is locked), so enough people to spend the day's budget.
    const names = Array.from({ length: Math.ceil(daily / 4) }, (_, i) => `P${String.fromCharCode(97 + i)}`);
    const { locationId, employees } = await shopWith(
      names.map((first_name) => ({ first_name, last_name: "Test", pin: "1234" })),
      { plan: "pro" },
    );
    let wrong = 0;
    while (wrong < daily) {
      // The short budget's worth, then its window passes: the fastest pace it allows.
      for (let n = 0; n < (SHORT_BUDGET?.failures ?? 0) && wrong < daily; n++, wrong++) {
        const person = employees[Math.floor(wrong / 4)];
        expect((await checkIn(locationId, person?.username ?? "", "9999")).status).toBe(401);
      }
      await age(locationId, SHORT_BUDGET?.windowMs ?? 0);
    }
    const refused = await checkIn(locationId, employees[0]?.username ?? "", "1234");
    expect(refused.status).toBe(429);
    // Open again once the oldest of those wrong PINs is a day old.
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60 * 60);
  });

  it("shows the attack on Live Status, pushes it to dashboards, and e-mails the manager once", async () => {
    const { manager, locationId } = await shopWith(STAFF);
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await live.next((m) => m.type === "live_status");
    const calm = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
    expect(calm.body.pin_alerts).toEqual([]);

    await exhaustPublicBudget(locationId);
    for (let i = 0; i < 3; i++) expect((await checkIn(locationId, "amyt", "1234")).status).toBe(429);

    const status = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
    expect(status.body.pin_alerts).toEqual([
      {
        kiosk: "public",
        device_id: null,
        started_at: expect.any(String),
        last_at: expect.any(String),
        wrong_pins: 20,
        refused: 3,
        paused_until: expect.any(String),
      },
    ]);
    const pushed = await live.next(
      (m) => m.type === "live_status" && m.data.pin_alerts.some((a) => a.kiosk === "public"),
    );
    expect(pushed).toBeDefined();

    const subject = "Repeated wrong PINs at Camden High Street";
    const deadline = Date.now() + 3000;
    while (!(await outboxSubjects(manager.email)).includes(subject) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // More wrong PINs once the short window passes are the same incident: still one e-mail.
    await age(locationId, SHORT_BUDGET?.windowMs ?? 0);
    for (let i = 0; i < 4; i++) await checkIn(locationId, "beat", "9999");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outboxSubjects(manager.email)).filter((s) => s === subject)).toHaveLength(1);
    live.socket?.close();
  });

  it("raises no alert for a few typos", async () => {
    const { manager, locationId } = await shopWith(STAFF);
    for (let i = 0; i < 3; i++) await checkIn(locationId, "amyt", "9999");
    const status = await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token });
    expect(status.body.pin_alerts).toEqual([]);
    expect(await outboxSubjects(manager.email)).toEqual([]);
  });
});
