import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StaffHoursResponse } from "../../worker/contracts/hours";
import type { LiveStatus } from "../../worker/contracts/live";
import { AUTO_CLOSE_HOURS } from "../../worker/contracts/settings";
import { punchMessages } from "../../worker/domain/punch-rules";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { checkIn, checkOut, hubStub, JANE, RAVI, shopWith } from "../support/kiosk";

// Forgotten clock-outs (docs/hours.md): the location's hub closes a session still open
// `auto_close_after_hours` after its check-in (default 14), counting no more than the employee's workday,
// marks it closed by `auto` and flags it for review. No session is left open for days.

const HOUR = 60 * 60_000;
const BREAK_SETTINGS = {
  workday_hours: 8,
  workday_start_time: "09:00",
  workday_end_time: "17:00",
  standard_break_minutes: 30,
  break_deduction_enabled: false,
};

type StoredSession = {
  employee_id: string;
  check_in_at: number;
  check_out_at: number | null;
  closed_by: string;
  needs_review: number;
};
const storedSessions = (locationId: string) =>
  runInDurableObject(hubStub(locationId), (_, state) =>
    state.storage.sql
      .exec<StoredSession>(
        "SELECT employee_id, check_in_at, check_out_at, closed_by, needs_review FROM sessions ORDER BY check_in_at",
      )
      .toArray(),
  );

/** A session begun `hoursAgo` hours ago (whole minutes) and never closed. */
async function forgotten(locationId: string, employeeId: string, hoursAgo: number) {
  const checkIn = Math.floor((Date.now() - hoursAgo * HOUR) / 60_000) * 60_000;
  await insertSession(locationId, employeeId, new Date(checkIn).toISOString(), null);
  return checkIn;
}

async function ringAlarm(locationId: string) {
  // The test rings the alarm now, as the runtime would at its time.
  await runInDurableObject(hubStub(locationId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
  return runDurableObjectAlarm(hubStub(locationId));
}

describe("forgotten clock-outs", () => {
  it("are closed after 14 hours by default, at the workday's length, and flagged for review", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees;
    const janeIn = await forgotten(locationId, jane?.id ?? "", 15);
    await forgotten(locationId, ravi?.id ?? "", 13); // not yet due

    expect(await ringAlarm(locationId)).toBe(true);
    const [janes, ravis] = await storedSessions(locationId);
    expect(janes).toEqual({
      employee_id: jane?.id,
      check_in_at: janeIn,
      check_out_at: janeIn + 8 * HOUR,
      closed_by: "auto",
      needs_review: 1,
    });
    expect(ravis).toMatchObject({ check_out_at: null, needs_review: 0 });

    // The alarm is set again for Ravi's session, fourteen hours after his check-in.
    const next = await runInDurableObject(hubStub(locationId), (_, state) => state.storage.getAlarm());
    expect(next).toBe((ravis?.check_in_at ?? 0) + AUTO_CLOSE_HOURS.default * HOUR);

    const live = (await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token }))
      .body as LiveStatus;
    expect(live.checked_in.map((person) => person.id)).toEqual([ravi?.id]);
    const hours = (
      await api("GET", `/api/manager/staff-hours/${locationId}?period=this_week`, {
        token: manager.token,
      })
    ).body as StaffHoursResponse;
    expect(hours.sessions_needing_review).toBe(1);
  });

  it("close once: a second alarm, or one after the hub restarts, changes nothing", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    await forgotten(locationId, employees[0]?.id ?? "", 20);
    await ringAlarm(locationId);
    const once = await storedSessions(locationId);
    await abortAllDurableObjects();
    await ringAlarm(locationId);
    expect(await storedSessions(locationId)).toEqual(once);
    expect(once).toHaveLength(1);
  });

  it("decide a punch and the alarm in one order: a check-out after the close is not in, a check-in starts afresh", async () => {
    const { locationId, employees } = await shopWith([JANE]);
    await forgotten(locationId, employees[0]?.id ?? "", 16);
    await ringAlarm(locationId);
    expect(await checkOut(locationId, "janes", JANE.pin)).toMatchObject({
      status: 400,
      body: { detail: punchMessages.notIn },
    });
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
    const sessions = await storedSessions(locationId);
    expect(sessions.map((s) => [s.closed_by, s.check_out_at === null])).toEqual([
      ["auto", false],
      [null, true],
    ]);
  });

  it("count at most the employee's own workday, follow the location's hours, and can be switched off", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const [jane, ravi] = employees;
    // Jane's own workday is 6 hours; the location closes sessions after 5 hours.
    const own = await api("PUT", `/api/manager/employee-breaks/${locationId}/${jane?.id}`, {
      token: manager.token,
      body: { custom_break_minutes: 20, custom_work_hours: 6 },
    });
    expect(own.status).toBe(200);
    const saved = await api("PUT", `/api/manager/customization/${locationId}`, {
      token: manager.token,
      body: { ...BREAK_SETTINGS, auto_close_after_hours: 5 },
    });
    expect(saved.body.customization).toMatchObject({ auto_close_after_hours: 5 });
    const janeIn = await forgotten(locationId, jane?.id ?? "", 9);
    await ringAlarm(locationId);
    const janes = (await storedSessions(locationId)).find((s) => s.employee_id === jane?.id);
    // Five hours (the setting), which is under her six.
    expect(janes?.check_out_at).toBe(janeIn + 5 * HOUR);

    const off = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { auto_close_after_hours: null },
    });
    expect(off.body.customization).toMatchObject({ auto_close_after_hours: null });
    await forgotten(locationId, ravi?.id ?? "", 30);
    await ringAlarm(locationId);
    const ravis = (await storedSessions(locationId)).find((s) => s.employee_id === ravi?.id);
    expect(ravis).toMatchObject({ check_out_at: null, needs_review: 0 });
  });

  it("refuse settings outside 4 to 24 whole hours with a clear detail, changing nothing", async () => {
    const { manager, locationId } = await shopWith([], { plan: "pro" });
    for (const value of [3, 25, 4.5, "14", true]) {
      const refused = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
        token: manager.token,
        body: { auto_close_after_hours: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(
        "auto_close_after_hours must be null (off) or a whole number of hours from 4 to 24",
      );
    }
    const now = await api("GET", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
    });
    expect(now.body.customization).toMatchObject({ auto_close_after_hours: 14 });
  });

  it("can be staged in development for a demo, only for the caller's own employees", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const stranger = await shopWith([RAVI]);
    const staged = await api("POST", "/api/dev/forgotten-session", {
      token: manager.token,
      body: { employee_id: employees[0]?.id, hours_ago: 20 },
    });
    expect(staged.status).toBe(201);
    // Past the default 14 hours: the hub's alarm closes it at once.
    await expect
      .poll(async () => (await storedSessions(locationId))[0]?.closed_by, { timeout: 5_000 })
      .toBe("auto");

    const theirs = await api("POST", "/api/dev/forgotten-session", {
      token: manager.token,
      body: { employee_id: stranger.employees[0]?.id, hours_ago: 20 },
    });
    expect(theirs.status).toBe(404);
    expect(await storedSessions(stranger.locationId)).toEqual([]);
  });

  it("are e-mailed to the manager once a day, listing who and when", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees;
    const janeIn = await forgotten(locationId, jane?.id ?? "", 16);
    await ringAlarm(locationId);
    const mail = async () =>
      (await api("GET", `/api/dev/outbox?email=${encodeURIComponent(manager.email)}`)).body.messages as {
        subject: string;
        body: string;
      }[];
    const reviews = async () => (await mail()).filter((m) => m.subject.includes("forgotten clock-out"));

    const [first, ...others] = await reviews();
    expect(others).toEqual([]);
    expect(first?.subject).toBe("1 forgotten clock-out at Camden High Street to review");
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "short" }).format(
      janeIn,
    );
    expect(first?.body).toContain(`- Jane Smith: in ${day} `);
    expect(first?.body).toContain("flagged for review");

    // The same day: a second alarm, and another session closed, send nothing more until tomorrow.
    await ringAlarm(locationId);
    await forgotten(locationId, ravi?.id ?? "", 15);
    await ringAlarm(locationId);
    expect(await reviews()).toHaveLength(1);
    const waiting = await runInDurableObject(hubStub(locationId), (_, state) =>
      state.storage.sql
        .exec("SELECT count(*) AS n FROM sessions WHERE needs_review = 1 AND review_mailed = 0")
        .one(),
    );
    expect(waiting.n).toBe(1);
  });
});
