import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StaffHoursRow } from "../../worker/contracts/hours";
import type { KioskLocation } from "../../worker/contracts/kiosk";
import type { LiveStatus } from "../../worker/contracts/live";
import { parseCsv } from "../../worker/domain/csv";
import { punchMessages } from "../../worker/domain/punch-rules";
import { api } from "../support/api";
import { download, insertSession } from "../support/hours";
import { auditRowsFor, checkIn, checkOut, hubStub, JANE, punch, RAVI, shopWith } from "../support/kiosk";

// Breaks clocked at the kiosk (docs/kiosk-and-live-status.md): off by default, so the spec's two-button kiosk
// is unchanged; once a manager turns `record_breaks` on, Start Break and End Break are recorded by the
// location's hub, shown on Live Status, and a check-out during a break ends the break first.

const BREAK_SETTINGS = {
  workday_hours: 8,
  workday_start_time: "09:00",
  workday_end_time: "17:00",
  standard_break_minutes: 30,
  break_deduction_enabled: true,
};

const breakStart = (locationId: string, username: string, pin: string) =>
  punch(locationId, { username, pin, action: "break_start" });
const breakEnd = (locationId: string, username: string, pin: string) =>
  punch(locationId, { username, pin, action: "break_end" });

async function shopRecordingBreaks() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const saved = await api("PUT", `/api/manager/customization/${shop.locationId}`, {
    token: shop.manager.token,
    body: { ...BREAK_SETTINGS, record_breaks: true },
  });
  expect(saved.status).toBe(200);
  return shop;
}

const liveStatus = async (manager: { token: string }, locationId: string) =>
  (await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token })).body as LiveStatus;

const storedBreaks = (locationId: string) =>
  runInDurableObject(hubStub(locationId), (_, state) =>
    state.storage.sql
      .exec<{ employee_id: string; start_at: number; end_at: number | null }>(
        "SELECT employee_id, start_at, end_at FROM breaks ORDER BY start_at",
      )
      .toArray(),
  );

describe("breaks at the kiosk", () => {
  it("are refused with a clear detail while the location does not record them", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const location = await api("GET", `/api/locations/${locationId}`);
    expect((location.body as KioskLocation).record_breaks).toBe(false);
    const customization = await api("GET", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
    });
    expect(customization.body.customization).toMatchObject({ record_breaks: false });

    await checkIn(locationId, "janes", JANE.pin);
    const refused = await breakStart(locationId, "janes", JANE.pin);
    expect(refused).toMatchObject({ status: 400, body: { detail: punchMessages.breaksOff } });
    expect(await storedBreaks(locationId)).toEqual([]);
  });

  it("are turned on with the Daily Break Settings, audited, and the kiosk learns it at once", async () => {
    const { manager, locationId } = await shopRecordingBreaks();
    const location = await api("GET", `/api/locations/${locationId}`);
    expect((location.body as KioskLocation).record_breaks).toBe(true);
    const audit = await auditRowsFor(locationId);
    expect(audit.map((row) => JSON.parse(row.afterJson ?? "{}"))).toContainEqual(
      expect.objectContaining({ record_breaks: true }),
    );

    // And off again through the location's own customization call.
    const off = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { record_breaks: false },
    });
    expect(off).toMatchObject({ status: 200, body: { customization: { record_breaks: false } } });
    expect(((await api("GET", `/api/locations/${locationId}`)).body as KioskLocation).record_breaks).toBe(
      false,
    );
  });

  it("cannot be turned on by a Starter plan, whose Daily Break Settings are fixed", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "starter" });
    const refused = await api("PUT", `/api/manager/locations/${locationId}/customization`, {
      token: manager.token,
      body: { record_breaks: true },
    });
    expect(refused.status).toBe(403);
    expect(((await api("GET", `/api/locations/${locationId}`)).body as KioskLocation).record_breaks).toBe(
      false,
    );
  });

  it("start and end inside a session, with a 400 for every impossible move", async () => {
    const { manager, locationId, employees } = await shopRecordingBreaks();
    const jane = employees[0];

    expect(await breakStart(locationId, "janes", JANE.pin)).toMatchObject({
      status: 400,
      body: { detail: punchMessages.notInForBreak },
    });
    expect(await breakEnd(locationId, "janes", JANE.pin)).toMatchObject({
      status: 400,
      body: { detail: punchMessages.notInForBreak },
    });

    await checkIn(locationId, "janes", JANE.pin);
    expect(await breakEnd(locationId, "janes", JANE.pin)).toMatchObject({
      status: 400,
      body: { detail: punchMessages.notOnBreak },
    });
    const started = await breakStart(locationId, "janes", JANE.pin);
    expect(started.status).toBe(200);
    expect(started.body.message).toMatch(/^Break started at \d\d:\d\d$/);
    const again = await breakStart(locationId, "janes", JANE.pin);
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/^Already on a break since \d\d:\d\d$/);
    // Checking in while on a break is still "already checked in".
    expect((await checkIn(locationId, "janes", JANE.pin)).body.detail).toMatch(/^Already checked in since/);

    const onBreak = await liveStatus(manager, locationId);
    expect(onBreak.kpis).toMatchObject({ employees_checked_in: 1, open_sessions: 1, on_break: 1 });
    expect(onBreak.on_break).toEqual([
      expect.objectContaining({
        id: jane?.id,
        name: "Jane Smith",
        time: started.body.message?.toString().slice(-5),
      }),
    ]);

    const ended = await breakEnd(locationId, "janes", JANE.pin);
    expect(ended.status).toBe(200);
    expect(ended.body.message).toMatch(/^Break ended at \d\d:\d\d — break of 0h 0m$/);
    const back = await liveStatus(manager, locationId);
    expect(back.kpis.on_break).toBe(0);
    expect(back.on_break).toEqual([]);
    expect(back.checked_in.map((person) => person.id)).toEqual([jane?.id]);

    const [recorded] = await storedBreaks(locationId);
    expect(recorded?.end_at).toBeGreaterThanOrEqual(recorded?.start_at ?? Number.POSITIVE_INFINITY);
  });

  it("end with a check-out taken during one, which says so", async () => {
    const { manager, locationId } = await shopRecordingBreaks();
    await checkIn(locationId, "ravik", RAVI.pin);
    await breakStart(locationId, "ravik", RAVI.pin);

    const out = await checkOut(locationId, "ravik", RAVI.pin);
    expect(out.status).toBe(200);
    expect(out.body.message).toMatch(/^Break ended and checked out at \d\d:\d\d — worked 0h 0m$/);
    const [closed] = await storedBreaks(locationId);
    expect(closed?.end_at).not.toBeNull();
    const status = await liveStatus(manager, locationId);
    expect(status.on_break).toEqual([]);
    expect(status.checked_out.map((person) => person.name)).toEqual(["Ravi Kumar"]);

    // A plain check-out says what it always said.
    await checkIn(locationId, "ravik", RAVI.pin);
    expect((await checkOut(locationId, "ravik", RAVI.pin)).body.message).toMatch(/^Checked out at /);
  });

  it("end when a manager closes the session", async () => {
    const { manager, locationId, employees } = await shopRecordingBreaks();
    await checkIn(locationId, "janes", JANE.pin);
    await breakStart(locationId, "janes", JANE.pin);
    const closed = await api(
      "POST",
      `/api/manager/employees/${locationId}/${employees[0]?.id}/close-session`,
      {
        token: manager.token,
      },
    );
    expect(closed.status).toBe(200);
    const [recorded] = await storedBreaks(locationId);
    expect(recorded?.end_at).not.toBeNull();
    expect((await liveStatus(manager, locationId)).kpis.on_break).toBe(0);
  });

  it("are unpaid in Staff Hours and the CSV, and a day without one is marked break assumed", async () => {
    const { manager, locationId, employees } = await shopRecordingBreaks();
    const jane = employees[0]?.id ?? "";
    // Two 8-hour days in March 2026 (GMT): one with a 20-minute break clocked at the kiosk, one without.
    const clocked = await insertSession(locationId, jane, "2026-03-10T09:00:00Z", "2026-03-10T17:00:00Z");
    await insertSession(locationId, jane, "2026-03-11T09:00:00Z", "2026-03-11T17:00:00Z");
    await runInDurableObject(hubStub(locationId), (_, state) => {
      state.storage.sql.exec(
        "INSERT INTO breaks (id, session_id, employee_id, start_at, end_at, created_at) VALUES ('b-1', ?, ?, ?, ?, ?)",
        clocked,
        jane,
        Date.parse("2026-03-10T12:00:00Z"),
        Date.parse("2026-03-10T12:20:00Z"),
        Date.parse("2026-03-10T12:00:00Z"),
      );
    });

    const hours = await api("GET", `/api/manager/staff-hours/${locationId}?period=month_2026_3`, {
      token: manager.token,
    });
    const row = (hours.body.staff_hours as StaffHoursRow[]).find((r) => r.employee_id === jane);
    // 20 clocked minutes on the 10th, the standard 30 assumed on the 11th.
    expect(row).toMatchObject({
      gross_minutes: 960,
      break_minutes: 50,
      worked_minutes: 910,
      break_assumed_days: 1,
    });

    const csv = await download(
      manager,
      `/api/manager/staff-hours/${locationId}/all-employees-csv?period=month_2026_3`,
    );
    const rows = parseCsv(csv.text);
    expect(rows[0]?.[8]).toBe("Notes");
    const janes = rows.filter((r) => r[1] === "Jane Smith" && r[0] !== "Total");
    expect(janes.map((r) => [r[0], r[6], r[8]])).toEqual([
      ["10/03/2026", "0:20", ""],
      ["11/03/2026", "0:30", "Break assumed"],
    ]);
  });
});
