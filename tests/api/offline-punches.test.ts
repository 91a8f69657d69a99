import { describe, expect, it } from "vitest";
import { type OfflinePunch, offlineContext } from "../../worker/contracts/kiosk";
import type { LiveStatus } from "../../worker/contracts/live";
import { sealPin } from "../../worker/contracts/seal";
import type { TimesheetResponse } from "../../worker/contracts/timesheets";
import { localDateOf } from "../../worker/domain/time-zone";
import { mondayOf } from "../../worker/services/working-time-checks";
import { api } from "../support/api";
import { JANE, RAVI, sessionsOf, shopWith } from "../support/kiosk";

// A paired kiosk's offline punches (docs/offline-kiosk.md): sent when the network returns, each recorded once
// at the device's time within honest bounds, its PIN sealed so only the location's hub can read it; whatever
// is refused waits for the manager as an exception, never as a punch.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function pairedShop() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const paired = await api("POST", `/api/manager/kiosk-devices/${shop.locationId}`, {
    token: shop.manager.token,
    body: { label: "Front counter" },
  });
  const token = paired.body.token as string;
  const key = await api("GET", "/api/kiosk/seal-key", { token });
  expect(key.status).toBe(200);
  return { ...shop, token, hubKey: key.body.public_key as JsonWebKey };
}

type Shop = Awaited<ReturnType<typeof pairedShop>>;

/** A punch as the kiosk stores it offline: its own key and time, the PIN sealed to the hub's key. */
async function offline(
  shop: Shop,
  username: string,
  pin: string,
  action: OfflinePunch["action"],
  at: number,
) {
  const punch = { key: crypto.randomUUID(), username, action, at: new Date(at).toISOString() };
  return { ...punch, sealed_pin: await sealPin(shop.hubKey, pin, offlineContext(punch)) };
}

const send = (shop: Shop, punches: unknown[]) =>
  api("POST", "/api/kiosk/offline-punches", { token: shop.token, body: { punches } });

describe("offline punches from a paired kiosk", () => {
  it("records each punch once, at the device's time, marked offline, and a resend changes nothing", async () => {
    const shop = await pairedShop();
    const [jane, ravi] = shop.employees;
    const start = Date.now() - 3 * HOUR;
    const queue = [
      await offline(shop, jane?.username ?? "", JANE.pin, "check_in", start),
      await offline(shop, ravi?.username ?? "", RAVI.pin, "check_in", start + MINUTE),
      await offline(shop, jane?.username ?? "", JANE.pin, "check_out", start + 2 * HOUR),
    ];
    const sent = await send(shop, queue);
    expect(sent.status).toBe(200);
    expect(sent.body.results).toEqual(queue.map((p) => ({ key: p.key, status: "recorded" })));
    // The network flickered and the kiosk sent the same queue again.
    expect((await send(shop, queue)).body.results).toEqual(sent.body.results);

    const janes = await sessionsOf(jane?.id ?? "");
    expect(janes.map((s) => [s.checkInAt, s.checkOutAt])).toEqual([[start, start + 2 * HOUR]]);
    expect(await sessionsOf(ravi?.id ?? "")).toHaveLength(1);

    const monday = mondayOf(localDateOf(start, "Europe/London"));
    const week = await api("GET", `/api/manager/timesheets/${shop.locationId}?period=week_${monday}`, {
      token: shop.manager.token,
    });
    const entries = (week.body as unknown as TimesheetResponse).employees.flatMap((e) =>
      e.days.flatMap((d) => d.entries),
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.source))).toEqual(new Set(["offline"]));
  });

  it("refuses a punch from the future, one older than 72 hours and one before the device's previous punch", async () => {
    const shop = await pairedShop();
    const [jane, ravi] = shop.employees;
    const now = Date.now();
    const future = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", now + 10 * MINUTE);
    const old = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", now - 73 * HOUR);
    const later = await offline(shop, ravi?.username ?? "", RAVI.pin, "check_in", now - HOUR);
    const earlier = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", now - 2 * HOUR);
    const answer = await send(shop, [future, old, later, earlier]);
    expect(answer.body.results).toEqual([
      { key: future.key, status: "refused", reason: "future" },
      { key: old.key, status: "refused", reason: "too_old" },
      { key: later.key, status: "recorded" },
      { key: earlier.key, status: "refused", reason: "out_of_order" },
    ]);
    expect(await sessionsOf(jane?.id ?? "")).toEqual([]);
  });

  it("raises a wrong PIN as an exception for the manager, not as a punch", async () => {
    const shop = await pairedShop();
    const [jane] = shop.employees;
    const wrong = await offline(shop, jane?.username ?? "", "0000", "check_in", Date.now() - 30 * MINUTE);
    expect((await send(shop, [wrong])).body.results).toEqual([
      { key: wrong.key, status: "refused", reason: "wrong_pin" },
    ]);
    expect(await sessionsOf(jane?.id ?? "")).toEqual([]);
    const live = await api("GET", `/api/manager/live-status/${shop.locationId}`, {
      token: shop.manager.token,
    });
    const refused = (live.body as unknown as LiveStatus).offline_refused;
    expect(refused).toEqual([
      expect.objectContaining({ id: jane?.id, name: "Jane Smith", action: "check_in", at: wrong.at }),
    ]);
    expect(refused[0]?.detail).toMatch(
      /^An offline check-in at \d\d\/\d\d \d\d:\d\d was not recorded: the PIN was wrong\.$/,
    );
  });

  it("spends the device's wrong-PIN budget, so a queue cannot be used to guess a PIN", async () => {
    const shop = await pairedShop();
    const [jane] = shop.employees;
    const start = Date.now() - HOUR;
    const guesses = [];
    for (let i = 0; i < 12; i++) {
      guesses.push(
        await offline(shop, jane?.username ?? "", String(1000 + i), "check_in", start + i * MINUTE),
      );
    }
    const right = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", start + 20 * MINUTE);
    const reasons = (await send(shop, [...guesses, right])).body.results as { reason?: string }[];
    expect(reasons.slice(0, 3).map((r) => r.reason)).toEqual(["wrong_pin", "wrong_pin", "wrong_pin"]);
    // Once locked, even the right PIN waits for the lock to end: nothing tells a guesser which one it was.
    expect(reasons.at(-1)?.reason).toBe("locked");
    expect(await sessionsOf(jane?.id ?? "")).toEqual([]);
  });

  it("does not record twice a punch whose live answer was lost, queued under the same key", async () => {
    const shop = await pairedShop();
    const [jane] = shop.employees;
    const queued = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", Date.now());
    const live = await api("POST", "/api/kiosk/submit", {
      token: shop.token,
      body: { username: jane?.username, pin: JANE.pin, action: "check_in" },
      headers: { "Idempotency-Key": queued.key },
    });
    expect(live.status).toBe(200);
    expect((await send(shop, [queued])).body.results).toEqual([{ key: queued.key, status: "recorded" }]);
    expect(await sessionsOf(jane?.id ?? "")).toHaveLength(1);
  });

  it("reads a PIN only for the punch it was sealed for", async () => {
    const shop = await pairedShop();
    const [jane, ravi] = shop.employees;
    const real = await offline(shop, jane?.username ?? "", JANE.pin, "check_in", Date.now() - 30 * MINUTE);
    // The same sealed PIN moved onto Ravi's name: it no longer opens.
    const moved = { ...real, key: crypto.randomUUID(), username: ravi?.username ?? "" };
    expect((await send(shop, [moved])).body.results).toEqual([
      { key: moved.key, status: "refused", reason: "unreadable_pin" },
    ]);
    expect(await sessionsOf(ravi?.id ?? "")).toEqual([]);
  });

  it("is for paired kiosks only, and checks what it is sent", async () => {
    const shop = await pairedShop();
    const punch = await offline(shop, "janes", JANE.pin, "check_in", Date.now());
    const anonymous = await api("POST", "/api/kiosk/offline-punches", { body: { punches: [punch] } });
    expect(anonymous.status).toBe(401);
    expect((await api("GET", "/api/kiosk/seal-key")).status).toBe(401);
    const empty = await send(shop, []);
    expect(empty).toMatchObject({ status: 400, body: { detail: "Send at least one punch" } });
    const badTime = await send(shop, [{ ...punch, at: "yesterday" }]);
    expect(badTime).toMatchObject({
      status: 400,
      body: { detail: "A punch's time must be an ISO 8601 date and time" },
    });
  });
});
