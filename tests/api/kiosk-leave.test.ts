import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { offlineContext } from "../../worker/contracts/kiosk";
import type { LiveStatus } from "../../worker/contracts/live";
import { sealPin } from "../../worker/contracts/seal";
import { localDateOf } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { checkIn, checkOut, hubStub, JANE, openSessionsOf, punch, RAVI, shopWith } from "../support/kiosk";

// Someone on sick leave or holiday today is asked, after the right PIN and before anything is recorded,
// whether to clock in anyway; a yes is recorded and marked, and Live Status shows it (docs/kiosk.md).

const today = () => localDateOf(Date.now(), "Europe/London");
const dayFromToday = (days: number) => localDateOf(Date.now() + days * 24 * 60 * 60_000, "Europe/London");

async function setStatus(token: string, employeeId: string, status: string, start = today(), end?: string) {
  const changed = await api("PUT", `/api/manager/employees/${employeeId}/status`, {
    token,
    body: { status, start_date: start, ...(end ? { end_date: end } : {}) },
  });
  expect(changed.status).toBe(200);
}

const liveStatus = async (token: string, locationId: string) =>
  (await api("GET", `/api/manager/live-status/${locationId}`, { token })).body as unknown as LiveStatus;

/** The leave mark stored with each of the employee's sessions, in check-in order. */
const storedMarks = (locationId: string, employeeId: string) =>
  runInDurableObject(hubStub(locationId), (_, state) =>
    state.storage.sql
      .exec<{ on_leave: string | null }>(
        "SELECT on_leave FROM sessions WHERE employee_id = ? ORDER BY check_in_at",
        employeeId,
      )
      .toArray()
      .map((row) => row.on_leave),
  );

describe("a check-in on a day of leave", () => {
  it("asks only after the right PIN, records nothing until the answer, then records the check-in marked", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees;
    await setStatus(manager.token, jane?.id ?? "", "sick_leave");

    // A wrong PIN says nothing of the status: a public kiosk is open to anyone.
    const wrong = await checkIn(locationId, jane?.username ?? "", "0000");
    expect(wrong).toMatchObject({ status: 401, body: { detail: "Incorrect PIN" } });
    expect(JSON.stringify(wrong.body)).not.toMatch(/sick|leave/i);

    const asked = await checkIn(locationId, jane?.username ?? "", JANE.pin);
    expect(asked).toMatchObject({
      status: 409,
      body: { detail: "You're on sick leave today. Clock in anyway?", leave_today: "sick_leave" },
    });
    expect(await openSessionsOf(jane?.id ?? "")).toEqual([]);
    // Asked again with the same Idempotency-Key, it is a fresh question, not a replayed answer.
    const key = { "Idempotency-Key": "leave-question-1" };
    expect((await checkIn(locationId, jane?.username ?? "", JANE.pin, key)).status).toBe(409);

    const confirmed = await punch(
      locationId,
      { username: jane?.username, pin: JANE.pin, action: "check_in", confirm_leave: true },
      key,
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { success: true, message: expect.stringMatching(/^Checked in at/) },
    });
    expect(await openSessionsOf(jane?.id ?? "")).toHaveLength(1);
    expect(await storedMarks(locationId, jane?.id ?? "")).toEqual(["sick_leave"]);

    // Someone at work today is never asked, and their check-in is not marked.
    expect((await checkIn(locationId, ravi?.username ?? "", RAVI.pin)).status).toBe(200);
    const live = await liveStatus(manager.token, locationId);
    expect(live.checked_in.map((p) => [p.name, p.on_leave])).toEqual([
      ["Jane Smith", "sick_leave"],
      ["Ravi Kumar", null],
    ]);
    expect(live.on_leave_today).toEqual([{ id: jane?.id, name: "Jane Smith", status: "sick_leave" }]);

    // Checking out is not asked about.
    expect((await checkOut(locationId, jane?.username ?? "", JANE.pin)).status).toBe(200);
  });

  it("asks about holiday in its own words, and the confirmed flag is needed only on such a day", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0];
    await setStatus(manager.token, jane?.id ?? "", "holiday", dayFromToday(-2), dayFromToday(2));
    expect(await checkIn(locationId, jane?.username ?? "", JANE.pin)).toMatchObject({
      status: 409,
      body: { detail: "You're on holiday today. Clock in anyway?", leave_today: "holiday" },
    });
    // The paired kiosk asks the same.
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    const tablet = await api("POST", "/api/kiosk/submit", {
      token: paired.body.token as string,
      body: { username: jane?.username, pin: JANE.pin, action: "check_in" },
    });
    expect(tablet).toMatchObject({ status: 409, body: { leave_today: "holiday" } });
  });

  it("does not ask when the leave is over, not yet begun, or is not sickness or holiday; all show on Live Status", async () => {
    const { manager, locationId, employees } = await shopWith([
      JANE,
      RAVI,
      { first_name: "Tom", last_name: "Reed", pin: "2468" },
    ]);
    const [jane, ravi, tom] = employees;
    await setStatus(manager.token, jane?.id ?? "", "holiday", dayFromToday(-5), dayFromToday(-1));
    await setStatus(manager.token, ravi?.id ?? "", "sick_leave", dayFromToday(1));
    await setStatus(manager.token, tom?.id ?? "", "training");
    expect((await checkIn(locationId, jane?.username ?? "", JANE.pin)).status).toBe(200);
    expect((await checkIn(locationId, ravi?.username ?? "", RAVI.pin)).status).toBe(200);
    expect((await checkIn(locationId, tom?.username ?? "", "2468")).status).toBe(200);
    const live = await liveStatus(manager.token, locationId);
    expect(live.checked_in.every((p) => p.on_leave === null)).toBe(true);
    expect(live.on_leave_today).toEqual([{ id: tom?.id, name: "Tom Reed", status: "training" }]);
  });

  it("records an offline check-in on a day of leave, which could not ask, marked", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0];
    await setStatus(manager.token, jane?.id ?? "", "sick_leave");
    const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, { token: manager.token });
    const token = paired.body.token as string;
    const hubKey = (await api("GET", "/api/kiosk/seal-key", { token })).body.public_key as JsonWebKey;
    const queued = {
      key: crypto.randomUUID(),
      username: jane?.username ?? "",
      action: "check_in" as const,
      at: new Date(Date.now() - 60_000).toISOString(),
    };
    const sealed = { ...queued, sealed_pin: await sealPin(hubKey, JANE.pin, offlineContext(queued)) };
    const sent = await api("POST", "/api/kiosk/offline-punches", { token, body: { punches: [sealed] } });
    expect(sent.body.results).toEqual([{ key: queued.key, status: "recorded" }]);
    expect(await storedMarks(locationId, jane?.id ?? "")).toEqual(["sick_leave"]);
    expect((await liveStatus(manager.token, locationId)).checked_in[0]?.on_leave).toBe("sick_leave");
  });

  it("refuses a confirm flag that is not true or false", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    const answer = await punch(locationId, {
      username: employees[0]?.username,
      pin: JANE.pin,
      action: "check_in",
      confirm_leave: "yes",
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: "confirm_leave must be true or false" } });
  });
});
