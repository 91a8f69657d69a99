import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { LocationHub } from "../../worker/durable/location-hub";
import { checkIn, hubStub, JANE, punch, sessionsOf, shopWith } from "../support/kiosk";

const key = () => `kiosk-${crypto.randomUUID()}`;

describe("a repeated Idempotency-Key", () => {
  it("returns the first answer and records the check-in once", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const headers = { "Idempotency-Key": key() };
    const first = await checkIn(locationId, "janes", JANE.pin, headers);
    const retry = await checkIn(locationId, "janes", JANE.pin, headers);
    expect(first.status).toBe(200);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(await sessionsOf((employees[0] as Employee).id)).toHaveLength(1);

    // A new attempt (new key) is a new decision.
    const fresh = await checkIn(locationId, "janes", JANE.pin, { "Idempotency-Key": key() });
    expect(fresh.body.detail).toMatch(/^Already checked in/);
  });

  it("gives the same answer to copies that arrive at the same moment", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    // Five flaky-tablet bursts, in and out: every copy of a burst must get the first copy's answer.
    for (const action of ["check_in", "check_out", "check_in", "check_out", "check_in"]) {
      const headers = { "Idempotency-Key": key() };
      const body = { username: "janes", pin: JANE.pin, action };
      const copies = await Promise.all(Array.from({ length: 10 }, () => punch(locationId, body, headers)));
      expect(copies.map((c) => c.status)).toEqual(Array(10).fill(200));
      expect(new Set(copies.map((c) => c.body.message)).size).toBe(1);
    }
    expect(await sessionsOf((employees[0] as Employee).id)).toHaveLength(3);
  });

  it("replays a wrong-PIN answer without counting the PIN twice", async () => {
    const { locationId } = await shopWith([JANE]);
    const headers = { "Idempotency-Key": key() };
    for (let i = 0; i < 6; i++)
      expect((await checkIn(locationId, "janes", "0000", headers)).status).toBe(401);
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
  });

  it("is refused for a different submit", async () => {
    const { locationId } = await shopWith([JANE]);
    const headers = { "Idempotency-Key": key() };
    await checkIn(locationId, "janes", JANE.pin, headers);
    const other = await punch(locationId, { username: "janes", pin: JANE.pin, action: "check_out" }, headers);
    expect(other).toMatchObject({
      status: 400,
      body: { detail: "This Idempotency-Key was already used for a different submit" },
    });
  });

  it("is forgotten after 24 hours", async () => {
    const { locationId } = await shopWith([JANE]);
    const headers = { "Idempotency-Key": key() };
    await checkIn(locationId, "janes", JANE.pin, headers);
    await runInDurableObject(hubStub(locationId), (_hub: LocationHub, state) => {
      state.storage.sql.exec("UPDATE idempotent_answers SET created_at = created_at - ?", 24 * 60 * 60_000);
    });
    expect((await checkIn(locationId, "janes", JANE.pin, headers)).body.detail).toMatch(
      /^Already checked in/,
    );
  });
});
