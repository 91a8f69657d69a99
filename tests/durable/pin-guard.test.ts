import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { LocationHub } from "../../worker/durable/location-hub";
import { checkIn, hubStub, JANE, openSessionsOf, shopWith } from "../support/kiosk";

const LOCKED =
  "Account temporarily locked due to too many incorrect attempts. Try again in 15 minutes, or ask a manager to unlock you now.";

describe("an employee's PIN lockout", () => {
  it("locks after 5 wrong PINs in a row, then refuses even the right PIN with 423 and Retry-After", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await checkIn(locationId, "janes", "0000"));
    expect(wrong.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(wrong[4]).toMatchObject({ status: 423, body: { detail: LOCKED } });

    const right = await checkIn(locationId, "janes", JANE.pin);
    expect(right).toMatchObject({ status: 423, body: { detail: LOCKED } });
    const retryAfter = Number(right.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await openSessionsOf((employees[0] as Employee).id)).toHaveLength(0);
  });

  it("gives 20 simultaneous guesses only the 4 tries before the lock", async () => {
    const { locationId } = await shopWith([JANE]);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkIn(locationId, "janes", String(1000 + i))),
    );
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(4);
    expect(guesses.filter((g) => g.status === 423)).toHaveLength(16);
  });

  it("is still locked after the hub restarts", async () => {
    const { locationId } = await shopWith([JANE]);
    for (let i = 0; i < 5; i++) await checkIn(locationId, "janes", "0000");
    await evictDurableObject(hubStub(locationId));
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(423);
  });

  it("counts only wrong PINs in a row: a right PIN starts the count again", async () => {
    const { locationId } = await shopWith([JANE]);
    for (let i = 0; i < 4; i++) await checkIn(locationId, "janes", "0000");
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await checkIn(locationId, "janes", "0000")).status);
    expect(after).toEqual([401, 401, 401, 401]);
  });

  it("locks only that employee, and ends after 15 minutes", async () => {
    const { locationId } = await shopWith([JANE, { first_name: "Ravi", last_name: "Kumar", pin: "1357" }]);
    for (let i = 0; i < 5; i++) await checkIn(locationId, "janes", "0000");
    expect((await checkIn(locationId, "ravik", "1357")).status).toBe(200);

    // Fifteen minutes pass (the lock's end moved into the past).
    await runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) => {
      state.storage.sql.exec("UPDATE employee_pin_failures SET locked_until = ?", Date.now() - 1);
    });
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
  });
});

describe("a location's wrong-PIN throttle", () => {
  const staff = ["Amy", "Bea", "Cal", "Dev", "Eli"].map((first_name) => ({
    first_name,
    last_name: "Test",
    pin: "1234",
  }));

  it("answers 429 with Retry-After once the location has seen 20 wrong PINs, even for a right PIN", async () => {
    const { locationId } = await shopWith(staff);
    // Four wrong PINs each for five people: nobody is locked, but the location has seen 20.
    for (const username of ["amyt", "beat", "calt", "devt", "elit"]) {
      for (let i = 0; i < 4; i++) expect((await checkIn(locationId, username, "9999")).status).toBe(401);
    }
    const throttled = await checkIn(locationId, "amyt", "1234");
    expect(throttled).toMatchObject({
      status: 429,
      body: { detail: "Too many incorrect PINs at this kiosk. Please wait before trying again." },
    });
    const retryAfter = Number(throttled.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);

    await evictDurableObject(hubStub(locationId));
    expect((await checkIn(locationId, "beat", "1234")).status).toBe(429);

    // Five minutes pass: the window empties and the kiosk works again.
    await runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) => {
      state.storage.sql.exec("UPDATE wrong_pins SET at = at - ?", 5 * 60_000);
    });
    expect((await checkIn(locationId, "beat", "1234")).status).toBe(200);
  });

  it("belongs to one location: another location's kiosk is unaffected", async () => {
    const busy = await shopWith(staff);
    const calm = await shopWith([JANE]);
    for (const username of ["amyt", "beat", "calt", "devt", "elit"]) {
      for (let i = 0; i < 4; i++) await checkIn(busy.locationId, username, "9999");
    }
    expect((await checkIn(busy.locationId, "amyt", "1234")).status).toBe(429);
    expect((await checkIn(calm.locationId, "janes", JANE.pin)).status).toBe(200);
  });
});
