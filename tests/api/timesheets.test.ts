import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StaffHoursResponse } from "../../worker/contracts/hours";
import type { LiveStatus } from "../../worker/contracts/live";
import type {
  EntryHistoryResponse,
  EntryResponse,
  TimesheetEntry,
  TimesheetResponse,
} from "../../worker/contracts/timesheets";
import { getDb } from "../../worker/db/client";
import { parseCsv } from "../../worker/domain/csv";
import { localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { CURRENT_IN_PERIOD } from "../../worker/durable/hub-entries";
import { managerData } from "../../worker/services/ai/manager-data";
import { api } from "../support/api";
import { download, insertSession } from "../support/hours";
import {
  auditRowsFor,
  checkIn,
  hubStub,
  JANE,
  liveTicket,
  type Manager,
  openLiveSocket,
  RAVI,
  shopWith,
} from "../support/kiosk";

// Timesheets and corrections (docs/hours.md): a manager adds a missing shift, edits a punch or a break, or
// voids a wrong entry, each with a reason. What the kiosk recorded is never changed: each correction is a new
// version of the entry, audited with who, when, before and after, and every figure (hours, CSVs) reads the
// result.

const LONDON = zoneCalendar("Europe/London");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const today = LONDON.dayOf(Date.now());
const lastMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1) - 7;
const LAST_WEEK = `week_${localDateOfDayNumber(lastMonday)}`;
/** An instant last week, London time: day 0 is Monday. */
const lastWeek = (day: number, hours: number, minutes = 0) =>
  LONDON.startOf(lastMonday + day) + (hours * 60 + minutes) * MINUTE;
const iso = (instant: number) => new Date(instant).toISOString();

const base = (locationId: string) => `/api/manager/timesheets/${locationId}`;

async function timesheet(manager: Manager, locationId: string, period = LAST_WEEK) {
  const response = await api("GET", `${base(locationId)}?period=${period}`, { token: manager.token });
  expect(response.status).toBe(200);
  return response.body as unknown as TimesheetResponse;
}

const entriesOf = (sheet: TimesheetResponse, employeeId: string | undefined) => {
  const seen = new Map<string, TimesheetEntry>();
  for (const day of sheet.employees.find((e) => e.employee_id === employeeId)?.days ?? []) {
    for (const entry of day.entries) seen.set(entry.id, entry);
  }
  return [...seen.values()];
};

async function workedLastWeek(manager: Manager, locationId: string, employeeId: string | undefined) {
  const sheet = await timesheet(manager, locationId);
  return sheet.employees.find((e) => e.employee_id === employeeId)?.worked_minutes;
}

const recorded = (locationId: string) =>
  runInDurableObject(hubStub(locationId), (_, state) =>
    state.storage.sql
      .exec("SELECT id, employee_id, check_in_at, check_out_at, closed_by FROM sessions ORDER BY check_in_at")
      .toArray(),
  );

const versionCount = (locationId: string) =>
  runInDurableObject(
    hubStub(locationId),
    (_, state) => state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM entry_versions").one().n,
  );

/** A Pro shop without break deduction, whose Jane worked Monday 09:00–17:00 last week at the kiosk. */
async function shopWithAShift() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const settings = await api("PUT", `/api/manager/customization/${shop.locationId}`, {
    token: shop.manager.token,
    body: {
      workday_hours: 8,
      workday_start_time: "09:00",
      workday_end_time: "17:00",
      standard_break_minutes: 30,
      break_deduction_enabled: false,
    },
  });
  expect(settings.status).toBe(200);
  const jane = shop.employees[0]?.id ?? "";
  const ravi = shop.employees[1]?.id ?? "";
  const shiftId = await insertSession(shop.locationId, jane, iso(lastWeek(0, 9)), iso(lastWeek(0, 17)));
  return { ...shop, jane, ravi, shiftId };
}

describe("the timesheet", () => {
  it("lists each employee's entries day by day with their hours, every day of the week", async () => {
    const { manager, locationId, jane, shiftId } = await shopWithAShift();
    const sheet = await timesheet(manager, locationId);
    expect(sheet.latest_review_date).toBeNull();
    expect(sheet.period_info).toMatchObject({
      period: LAST_WEEK,
      start_date: localDateOfDayNumber(lastMonday),
    });
    const janes = sheet.employees.find((e) => e.employee_id === jane);
    expect(janes?.days).toHaveLength(7);
    expect(janes?.days[0]).toMatchObject({
      date: localDateOfDayNumber(lastMonday),
      worked_minutes: 480,
      break_assumed: false,
      needs_review: false,
      entries: [
        {
          id: shiftId,
          employee_id: jane,
          check_in_at: iso(lastWeek(0, 9)),
          check_out_at: iso(lastWeek(0, 17)),
          breaks: [],
          source: "kiosk",
          flags: [],
        },
      ],
    });
    expect(janes?.worked_minutes).toBe(480);
    expect(sheet.employees.map((e) => e.name).sort()).toEqual(["Jane Smith", "Ravi Kumar"]);
  });

  it("puts exceptions first: an auto-closed session waiting for review, flagged as such", async () => {
    const { manager, locationId, ravi } = await shopWithAShift();
    // Ravi forgot to check out 15 hours ago; the hub's alarm closes his session after 14.
    const since = Math.floor((Date.now() - 15 * HOUR) / MINUTE) * MINUTE;
    await insertSession(locationId, ravi, iso(since), null);
    await runInDurableObject(hubStub(locationId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(hubStub(locationId));

    const monday = LONDON.dayOf(since) - (weekdayOf(localDateOfDayNumber(LONDON.dayOf(since))) - 1);
    const sheet = await timesheet(manager, locationId, `week_${localDateOfDayNumber(monday)}`);
    expect(sheet.employees[0]?.name).toBe("Ravi Kumar");
    expect(sheet.employees[0]).toMatchObject({ exceptions: 1, needs_review: 1 });
    const [entry] = entriesOf(sheet, ravi);
    expect(entry).toMatchObject({ source: "auto_closed", flags: ["needs_review", "auto_closed"] });
    // Any period's answer says where the latest entry waiting for review is.
    const lastWeeks = await timesheet(manager, locationId, LAST_WEEK);
    expect(lastWeeks.latest_review_date).toBe(localDateOfDayNumber(LONDON.dayOf(since)));
  });

  it("answers 400 for an unknown period and 404 for an employee of another location", async () => {
    const { manager, locationId } = await shopWithAShift();
    const other = await shopWith([JANE]);
    const bad = await api("GET", `${base(locationId)}?period=week_2026-11-17`, { token: manager.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('Unknown period "week_2026-11-17"');
    const theirs = await api("GET", `${base(locationId)}?employee_id=${other.employees[0]?.id}`, {
      token: manager.token,
    });
    expect(theirs).toMatchObject({ status: 404, body: { detail: "Employee not found" } });
  });

  it("finds a period's corrections through the index of latest versions, never a scan of the history", async () => {
    const { locationId } = await shopWithAShift();
    const plan = await runInDurableObject(hubStub(locationId), (_, state) =>
      state.storage.sql
        .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${CURRENT_IN_PERIOD}`, 0, 0)
        .toArray()
        .map((row) => row.detail)
        .join("; "),
    );
    expect(plan).toMatch(/SEARCH entry_versions USING INDEX entry_versions_current/);
    expect(plan).not.toMatch(/SCAN/);
  });
});

describe("adding a missing shift", () => {
  it("creates a manager entry that counts, with its breaks, and an audit row", async () => {
    const { manager, locationId, jane } = await shopWithAShift();
    const added = await api("POST", `${base(locationId)}/entries`, {
      token: manager.token,
      body: {
        employee_id: jane,
        check_in_at: iso(lastWeek(1, 8)),
        check_out_at: iso(lastWeek(1, 16, 30)),
        breaks: [{ start_at: iso(lastWeek(1, 12)), end_at: iso(lastWeek(1, 12, 30)) }],
        reason: "Kiosk was down on Tuesday morning",
      },
    });
    expect(added.status).toBe(201);
    const { entry } = added.body as unknown as EntryResponse;
    expect(entry).toMatchObject({
      employee_id: jane,
      source: "manager",
      check_in_at: iso(lastWeek(1, 8)),
      check_out_at: iso(lastWeek(1, 16, 30)),
      breaks: [{ start_at: iso(lastWeek(1, 12)), end_at: iso(lastWeek(1, 12, 30)) }],
      flags: [],
    });
    // 8 hours on Monday and 8 on Tuesday (8h 30m less the 30-minute break).
    expect(await workedLastWeek(manager, locationId, jane)).toBe(960);

    const [audit] = await auditRowsFor(entry.id);
    expect(audit).toMatchObject({
      userId: manager.id,
      locationId,
      entity: "timesheet_entry",
      action: "added",
    });
    expect(audit?.beforeJson).toBeNull();
    expect(JSON.parse(audit?.afterJson ?? "{}")).toMatchObject({
      check_in_at: iso(lastWeek(1, 8)),
      check_out_at: iso(lastWeek(1, 16, 30)),
      voided: false,
      employee_id: jane,
      reason: "Kiosk was down on Tuesday morning",
    });
  });

  it("refuses an employee of another location, or another tenant's location, with 404", async () => {
    const { manager, locationId } = await shopWithAShift();
    const other = await shopWith([JANE]);
    const body = {
      employee_id: other.employees[0]?.id,
      check_in_at: iso(lastWeek(2, 9)),
      check_out_at: iso(lastWeek(2, 10)),
      reason: "Covering",
    };
    expect(await api("POST", `${base(locationId)}/entries`, { token: manager.token, body })).toMatchObject({
      status: 404,
      body: { detail: "Employee not found" },
    });
    const intoTheirs = await api("POST", `${base(other.locationId)}/entries`, { token: manager.token, body });
    expect(intoTheirs.status).toBe(404);
    expect(await versionCount(other.locationId)).toBe(0);
  });
});

describe("a correction that cannot stand", () => {
  const cases: [string, (jane: string) => Record<string, unknown>, string][] = [
    [
      "an end before its start",
      (jane) => ({ employee_id: jane, check_in_at: iso(lastWeek(2, 17)), check_out_at: iso(lastWeek(2, 9)) }),
      "The check-out must be after the check-in.",
    ],
    [
      "a time in the future",
      (jane) => ({
        employee_id: jane,
        check_in_at: iso(Date.now() + HOUR),
        check_out_at: iso(Date.now() + 2 * HOUR),
      }),
      "Times cannot be in the future.",
    ],
    [
      "an entry over 24 hours",
      (jane) => ({ employee_id: jane, check_in_at: iso(lastWeek(2, 8)), check_out_at: iso(lastWeek(3, 9)) }),
      "An entry cannot be longer than 24 hours.",
    ],
    [
      "an overlap with another entry of the employee",
      (jane) => ({
        employee_id: jane,
        check_in_at: iso(lastWeek(0, 16)),
        check_out_at: iso(lastWeek(0, 20)),
      }),
      "This overlaps Jane Smith's entry of",
    ],
    [
      "a break outside the entry",
      (jane) => ({
        employee_id: jane,
        check_in_at: iso(lastWeek(2, 9)),
        check_out_at: iso(lastWeek(2, 12)),
        breaks: [{ start_at: iso(lastWeek(2, 12, 30)), end_at: iso(lastWeek(2, 13)) }],
      }),
      "Every break must fall between the check-in and the check-out.",
    ],
    [
      "breaks that overlap",
      (jane) => ({
        employee_id: jane,
        check_in_at: iso(lastWeek(2, 9)),
        check_out_at: iso(lastWeek(2, 17)),
        breaks: [
          { start_at: iso(lastWeek(2, 12)), end_at: iso(lastWeek(2, 12, 30)) },
          { start_at: iso(lastWeek(2, 12, 15)), end_at: iso(lastWeek(2, 12, 45)) },
        ],
      }),
      "Breaks cannot overlap.",
    ],
  ];

  it.each(cases)("is refused when it is %s, and nothing is written", async (_, body, detail) => {
    const { manager, locationId, jane } = await shopWithAShift();
    const before = await recorded(locationId);
    const response = await api("POST", `${base(locationId)}/entries`, {
      token: manager.token,
      body: { ...body(jane), reason: "Fixing the week" },
    });
    expect(response.status).toBe(400);
    expect(String(response.body.detail)).toContain(detail);
    expect(await recorded(locationId)).toEqual(before);
    expect(await versionCount(locationId)).toBe(0);
  });

  it("names the entry it overlaps, in the location's time", async () => {
    const { manager, locationId, jane } = await shopWithAShift();
    const response = await api("POST", `${base(locationId)}/entries`, {
      token: manager.token,
      body: {
        employee_id: jane,
        check_in_at: iso(lastWeek(0, 16)),
        check_out_at: iso(lastWeek(0, 20)),
        reason: "Evening shift",
      },
    });
    const date = localDateOfDayNumber(lastMonday).split("-").reverse().join("/");
    expect(response.body.detail).toBe(`This overlaps Jane Smith's entry of ${date} 09:00–17:00.`);
  });

  it("needs a reason of 1 to 200 characters", async () => {
    const { manager, locationId, shiftId } = await shopWithAShift();
    for (const [reason, detail] of [
      [undefined, "Give a reason for the change"],
      ["   ", "Give a reason for the change"],
      ["x".repeat(201), "The reason must be at most 200 characters"],
    ] as const) {
      const response = await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
        token: manager.token,
        body: { check_out_at: iso(lastWeek(0, 16)), ...(reason === undefined ? {} : { reason }) },
      });
      expect(response.status).toBe(400);
      expect(String(response.body.detail)).toContain(detail);
    }
    expect(await versionCount(locationId)).toBe(0);
  });
});

describe("editing an entry", () => {
  it("layers the change over the kiosk's punch, which stays as recorded, and keeps the history", async () => {
    const { manager, locationId, jane, shiftId } = await shopWithAShift();
    const kioskRecord = await recorded(locationId);
    const edited = await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: {
        check_out_at: iso(lastWeek(0, 18)),
        breaks: [{ start_at: iso(lastWeek(0, 13)), end_at: iso(lastWeek(0, 13, 45)) }],
        reason: "Stayed late for the delivery",
      },
    });
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as EntryResponse).entry).toMatchObject({
      id: shiftId,
      source: "kiosk",
      check_in_at: iso(lastWeek(0, 9)),
      check_out_at: iso(lastWeek(0, 18)),
      flags: ["edited"],
    });
    expect(await recorded(locationId)).toEqual(kioskRecord);
    // 9 hours less a 45-minute break.
    expect(await workedLastWeek(manager, locationId, jane)).toBe(495);

    const history = (
      await api("GET", `${base(locationId)}/entries/${shiftId}/history`, { token: manager.token })
    ).body as unknown as EntryHistoryResponse;
    expect(history.history.map((v) => [v.version, v.action, v.by, v.reason, v.check_out_at])).toEqual([
      [0, "recorded", null, null, iso(lastWeek(0, 17))],
      [1, "edited", "Alex Morgan", "Stayed late for the delivery", iso(lastWeek(0, 18))],
    ]);

    const [audit] = await auditRowsFor(shiftId);
    expect(audit).toMatchObject({ userId: manager.id, action: "edited" });
    expect(JSON.parse(audit?.beforeJson ?? "{}")).toEqual({
      check_in_at: iso(lastWeek(0, 9)),
      check_out_at: iso(lastWeek(0, 17)),
      breaks: [],
      voided: false,
    });
    expect(JSON.parse(audit?.afterJson ?? "{}")).toMatchObject({
      check_out_at: iso(lastWeek(0, 18)),
      breaks: [`${iso(lastWeek(0, 13))}/${iso(lastWeek(0, 13, 45))}`],
      reason: "Stayed late for the delivery",
    });
  });

  it("can move an entry into another day, and the period queries follow it", async () => {
    const { manager, locationId, jane, shiftId } = await shopWithAShift();
    const moved = await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: {
        check_in_at: iso(lastWeek(1, 23)),
        check_out_at: iso(lastWeek(2, 7)),
        reason: "Wrong day: this was Tuesday's night shift",
      },
    });
    expect(moved.status).toBe(200);
    const sheet = await timesheet(manager, locationId);
    const days = sheet.employees.find((e) => e.employee_id === jane)?.days ?? [];
    expect(days.map((d) => [d.entries.length, d.worked_minutes])).toEqual([
      [0, 0],
      [1, 60],
      [1, 420],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("refuses another location's entry, and an entry id that names nothing, with 404", async () => {
    const { manager, locationId } = await shopWithAShift();
    const other = await shopWithAShift();
    for (const [location, entryId] of [
      [locationId, other.shiftId],
      [locationId, "no-such-entry"],
      [other.locationId, other.shiftId],
    ]) {
      const response = await api("PUT", `${base(location ?? "")}/entries/${entryId}`, {
        token: manager.token,
        body: { check_out_at: iso(lastWeek(0, 16)), reason: "Trying" },
      });
      expect(response.status).toBe(404);
      const history = await api("GET", `${base(location ?? "")}/entries/${entryId}/history`, {
        token: manager.token,
      });
      expect(history.status).toBe(404);
    }
    expect(await versionCount(other.locationId)).toBe(0);
  });

  it("fixes a forgotten clock-out: the review flag clears and the hours change", async () => {
    const { manager, locationId, ravi } = await shopWithAShift();
    const since = Math.floor((Date.now() - 15 * HOUR) / MINUTE) * MINUTE;
    const sessionId = await insertSession(locationId, ravi, iso(since), null);
    await runInDurableObject(hubStub(locationId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
    await runDurableObjectAlarm(hubStub(locationId));
    const hours = async () =>
      (await api("GET", `/api/manager/staff-hours/${locationId}?period=this_week`, { token: manager.token }))
        .body as unknown as StaffHoursResponse;
    expect((await hours()).sessions_needing_review).toBe(1);

    const fixed = await api("PUT", `${base(locationId)}/entries/${sessionId}`, {
      token: manager.token,
      body: { check_out_at: iso(since + 6 * HOUR), reason: "Left at the end of the lunch shift" },
    });
    expect(fixed.status).toBe(200);
    expect((fixed.body as unknown as EntryResponse).entry.flags).toEqual(["auto_closed", "edited"]);
    expect((await hours()).sessions_needing_review).toBe(0);
  });

  it("closes an open session it gives a check-out to, so the kiosk sees the employee out", async () => {
    const { manager, locationId, jane } = await shopWithAShift();
    await insertSession(locationId, jane, iso(Math.floor((Date.now() - 3 * HOUR) / MINUTE) * MINUTE), null);
    const sheet = await timesheet(manager, locationId, "this_week");
    const open = entriesOf(sheet, jane).find((e) => e.check_out_at === null);
    expect(open?.flags).toContain("in_progress");
    const out = await api("PUT", `${base(locationId)}/entries/${open?.id}`, {
      token: manager.token,
      body: { check_out_at: iso(Date.now() - 1000), reason: "Forgot to check out" },
    });
    expect(out.status).toBe(200);
    const live = (await api("GET", `/api/manager/live-status/${locationId}`, { token: manager.token }))
      .body as LiveStatus;
    expect(live.checked_in).toEqual([]);
    expect((await checkIn(locationId, "janes", JANE.pin)).status).toBe(200);
  });
});

describe("an open timesheet", () => {
  it("hears of a correction at once: the location's dashboards get a push, as for a punch", async () => {
    const { manager, locationId, shiftId } = await shopWithAShift();
    const live = await openLiveSocket(locationId, await liveTicket(manager, locationId));
    await live.next((m) => m.type === "live_status");
    live.messages.length = 0;
    await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 16)), reason: "Left early" },
    });
    expect(await live.next((m) => m.type === "live_status")).toMatchObject({ type: "live_status" });
    live.socket?.close();
  });
});

describe("voiding an entry", () => {
  it("stops it counting, keeps it visible as void, and refuses to void or edit it again", async () => {
    const { manager, locationId, jane, shiftId } = await shopWithAShift();
    const voided = await api("POST", `${base(locationId)}/entries/${shiftId}/void`, {
      token: manager.token,
      body: { reason: "Punched in by mistake: Jane was on holiday" },
    });
    expect(voided.status).toBe(200);
    expect((voided.body as unknown as EntryResponse).entry.flags).toEqual(["edited", "voided"]);
    expect(await workedLastWeek(manager, locationId, jane)).toBe(0);
    expect(entriesOf(await timesheet(manager, locationId), jane).map((e) => e.id)).toEqual([shiftId]);

    const again = await api("POST", `${base(locationId)}/entries/${shiftId}/void`, {
      token: manager.token,
      body: { reason: "Again" },
    });
    expect(again).toMatchObject({ status: 409, body: { detail: "This entry is already void." } });
    const edit = await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 16)), reason: "Undo" },
    });
    expect(edit).toMatchObject({
      status: 409,
      body: { detail: "This entry is void: add a new entry in its place." },
    });

    // The void frees the time: a new entry may take its place.
    const replacement = await api("POST", `${base(locationId)}/entries`, {
      token: manager.token,
      body: {
        employee_id: jane,
        check_in_at: iso(lastWeek(0, 10)),
        check_out_at: iso(lastWeek(0, 14)),
        reason: "Real shift",
      },
    });
    expect(replacement.status).toBe(201);
    expect((await auditRowsFor(shiftId)).map((row) => row.action)).toEqual(["voided"]);
  });
});

describe("corrected hours everywhere", () => {
  it("the CSV flags corrected, added and auto-closed rows in its Changes column", async () => {
    const { manager, locationId, ravi, shiftId } = await shopWithAShift();
    await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 16)), reason: "Left early" },
    });
    await api("POST", `${base(locationId)}/entries`, {
      token: manager.token,
      body: {
        employee_id: ravi,
        check_in_at: iso(lastWeek(0, 9)),
        check_out_at: iso(lastWeek(0, 12)),
        reason: "Missed",
      },
    });
    const month = new Date(lastWeek(0, 12));
    const key = `month_${month.getUTCFullYear()}_${month.getUTCMonth() + 1}`;
    const csv = parseCsv(
      (await download(manager, `/api/manager/staff-hours/${locationId}/all-employees-csv?period=${key}`))
        .text,
    );
    expect(csv[0]?.[9]).toBe("Changes");
    const rowOf = (name: string) => csv.find((row) => row[1] === name && row[0] !== "Total");
    expect([rowOf("Jane Smith")?.[5], rowOf("Jane Smith")?.[9]]).toEqual(["7:00", "Corrected"]);
    expect([rowOf("Ravi Kumar")?.[5], rowOf("Ravi Kumar")?.[9]]).toEqual(["3:00", "Added by manager"]);
  });

  it("the AI assistant's staff hours read the corrected entries, a void counting nothing", async () => {
    const { manager, locationId, shiftId } = await shopWithAShift();
    const month = new Date(lastWeek(0, 12));
    const key = `month_${month.getUTCFullYear()}_${month.getUTCMonth() + 1}`;
    const janesMinutes = async () => {
      const [answer] = (await managerData(env, getDb(env.DB), manager.id).staffHours(key, locationId)) as {
        staff: { name: string; worked_minutes: number }[];
      }[];
      return answer?.staff.find((row) => row.name === "Jane Smith")?.worked_minutes;
    };
    expect(await janesMinutes()).toBe(480);
    await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 15)), reason: "Left at three" },
    });
    expect(await janesMinutes()).toBe(360);
    await api("POST", `${base(locationId)}/entries/${shiftId}/void`, {
      token: manager.token,
      body: { reason: "Wrong" },
    });
    expect(await janesMinutes()).toBe(0);
  });

  it("an audit row D1 missed is sent again by the hub's outbox, once", async () => {
    const { manager, locationId, shiftId } = await shopWithAShift();
    await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 16)), reason: "Left early" },
    });
    expect(await auditRowsFor(shiftId)).toHaveLength(1);
    // As if D1 had failed: the row is gone and the hub still holds it as unsent.
    await env.DB.prepare("DELETE FROM audit_log WHERE entity_id = ?").bind(shiftId).run();
    await runInDurableObject(hubStub(locationId), (_, state) => {
      state.storage.sql.exec("UPDATE entry_versions SET audited = 0");
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(hubStub(locationId));
    await runInDurableObject(hubStub(locationId), (_, state) => {
      state.storage.sql.exec("UPDATE entry_versions SET audited = 0");
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(hubStub(locationId));
    const rows = await auditRowsFor(shiftId);
    expect(rows.map((row) => [row.action, row.userId])).toEqual([["edited", manager.id]]);
  });
});
