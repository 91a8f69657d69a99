import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApproveResponse, TimesheetEntry, TimesheetResponse } from "../../worker/contracts/timesheets";
import { localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { PERIOD_LOCKED } from "../../worker/durable/hub-approvals";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { auditRowsFor, checkIn, hubStub, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

// Approval and lock (docs/pay-and-compliance.md): a manager approves a pay period once its exceptions are
// reviewed; its entries are then locked against corrections and the auto-close, a kiosk punch into it is
// recorded but flagged, and unlocking takes a reason and is audited.

const LONDON = zoneCalendar("Europe/London");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const today = LONDON.dayOf(Date.now());
const thisMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1);
const lastMonday = thisMonday - 7;
/** The default schedule pays weekly from Monday: last week and this week are pay periods. */
const LAST_PERIOD = `pay_${localDateOfDayNumber(lastMonday)}`;
const THIS_PERIOD = `pay_${localDateOfDayNumber(thisMonday)}`;
const lastWeek = (day: number, hours: number) => LONDON.startOf(lastMonday + day) + hours * HOUR;
const iso = (instant: number) => new Date(instant).toISOString();

const base = (locationId: string) => `/api/manager/timesheets/${locationId}`;

async function sheet(manager: Manager, locationId: string, period: string) {
  const response = await api("GET", `${base(locationId)}?period=${period}`, { token: manager.token });
  expect(response.status).toBe(200);
  return response.body as unknown as TimesheetResponse;
}

const entriesOf = (timesheet: TimesheetResponse, employeeId: string) => {
  const seen = new Map<string, TimesheetEntry>();
  for (const day of timesheet.employees.find((e) => e.employee_id === employeeId)?.days ?? []) {
    for (const entry of day.entries) seen.set(entry.id, entry);
  }
  return [...seen.values()];
};

/**
 * A Pro shop where, last week, Jane worked Monday 09:00–17:00 and Ravi's Tuesday session was left open and
 * closed by the hub's alarm (so it needs review).
 */
async function shopWithLastWeek() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const jane = shop.employees[0]?.id ?? "";
  const ravi = shop.employees[1]?.id ?? "";
  const shiftId = await insertSession(shop.locationId, jane, iso(lastWeek(0, 9)), iso(lastWeek(0, 17)));
  const forgottenId = await insertSession(shop.locationId, ravi, iso(lastWeek(1, 9)), null);
  await ringAlarm(shop.locationId);
  return { ...shop, jane, ravi, shiftId, forgottenId };
}

async function ringAlarm(locationId: string) {
  await runInDurableObject(hubStub(locationId), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
  await runDurableObjectAlarm(hubStub(locationId));
}

const approve = (manager: Manager, locationId: string, body: Record<string, unknown>) =>
  api("POST", `${base(locationId)}/approve`, { token: manager.token, body });

describe("approving a pay period", () => {
  it("is refused while entries need review, and accepted once the manager says they reviewed them", async () => {
    const { manager, locationId, jane, ravi, forgottenId } = await shopWithLastWeek();
    const refused = await approve(manager, locationId, { period: LAST_PERIOD });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        detail:
          "1 entry still needs review. Review it in the timesheet, or confirm that you have, before approving.",
      },
    });
    // Jane alone has nothing to review: she can be approved.
    const janeOnly = await approve(manager, locationId, { period: LAST_PERIOD, employee_ids: [jane] });
    expect(janeOnly.status).toBe(200);
    expect((janeOnly.body as unknown as ApproveResponse).approved.map((a) => a.employee_id)).toEqual([jane]);

    const all = await approve(manager, locationId, { period: LAST_PERIOD, reviewed_exceptions: true });
    expect(all.status).toBe(200);
    const { approved } = all.body as unknown as ApproveResponse;
    expect(approved).toEqual([
      { employee_id: ravi, approved_at: expect.any(String), approved_by: "Alex Morgan" },
    ]);

    const timesheet = await sheet(manager, locationId, LAST_PERIOD);
    expect(timesheet.employees.map((e) => [e.name, e.approved_by !== null, e.needs_review])).toEqual([
      ["Jane Smith", true, 0],
      ["Ravi Kumar", true, 0],
    ]);
    expect(entriesOf(timesheet, ravi).find((e) => e.id === forgottenId)?.flags).not.toContain("needs_review");
    const audits = (await auditRowsFor(ravi)).filter((row) => row.entity === "timesheet_approval");
    expect(audits.map((row) => row.action)).toEqual(["approved"]);
    expect(JSON.parse(audits[0]?.afterJson ?? "{}")).toEqual({ period: LAST_PERIOD, reviewed_exceptions: 1 });
  });

  it("needs a pay period of the location, an employee of it, and Pro or Business", async () => {
    const { manager, locationId } = await shopWithLastWeek();
    const notPay = await approve(manager, locationId, { period: "this_week" });
    expect(notPay.status).toBe(400);
    expect(String(notPay.body.detail)).toContain("pay_YYYY-MM-DD");
    const notAStart = await approve(manager, locationId, {
      period: `pay_${localDateOfDayNumber(lastMonday + 1)}`,
    });
    expect(notAStart.status).toBe(400);
    const other = await shopWith([JANE], { plan: "pro" });
    const theirs = await approve(manager, locationId, {
      period: LAST_PERIOD,
      employee_ids: [other.employees[0]?.id],
    });
    expect(theirs).toMatchObject({ status: 404, body: { detail: "Employee not found" } });
    expect((await approve(manager, other.locationId, { period: LAST_PERIOD })).status).toBe(404);

    const starter = await shopWith([JANE]);
    expect(await approve(starter.manager, starter.locationId, { period: LAST_PERIOD })).toMatchObject({
      status: 403,
      body: {
        detail:
          "Pay periods, approval and payroll exports are available on the Pro and Business plans. Upgrade to unlock them.",
      },
    });
  });
});

describe("an approved pay period", () => {
  it("is locked against every change to its entries", async () => {
    const { manager, locationId, jane, shiftId, forgottenId } = await shopWithLastWeek();
    expect(
      (await approve(manager, locationId, { period: LAST_PERIOD, reviewed_exceptions: true })).status,
    ).toBe(200);
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        "POST",
        `${base(locationId)}/entries`,
        {
          employee_id: jane,
          check_in_at: iso(lastWeek(2, 9)),
          check_out_at: iso(lastWeek(2, 12)),
          reason: "Missed shift",
        },
      ],
      [
        "PUT",
        `${base(locationId)}/entries/${shiftId}`,
        { check_out_at: iso(lastWeek(0, 16)), reason: "Left early" },
      ],
      ["POST", `${base(locationId)}/entries/${shiftId}/void`, { reason: "Wrong" }],
      ["POST", `${base(locationId)}/entries/${forgottenId}/void`, { reason: "Wrong" }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await api(method, path, { token: manager.token, body });
      expect({ path, ...response.body }).toEqual({ path, detail: PERIOD_LOCKED });
      expect(response.status).toBe(409);
    }
    // Nor can an entry of another week be moved into it.
    const thisWeeks = await insertSession(
      locationId,
      jane,
      iso(Date.now() - 3 * HOUR),
      iso(Date.now() - 2 * HOUR),
    );
    const moved = await api("PUT", `${base(locationId)}/entries/${thisWeeks}`, {
      token: manager.token,
      body: { check_in_at: iso(lastWeek(3, 9)), check_out_at: iso(lastWeek(3, 10)), reason: "Wrong week" },
    });
    expect(moved).toMatchObject({ status: 409, body: { detail: PERIOD_LOCKED } });
  });

  it("keeps the auto-close away from a session left open in it, until it is unlocked", async () => {
    const { manager, locationId, jane } = await shopWithLastWeek();
    // Jane checked in on Friday last week and never out; the period is approved before the alarm rings.
    const open = await insertSession(locationId, jane, iso(lastWeek(4, 9)), null);
    expect(
      (await approve(manager, locationId, { period: LAST_PERIOD, reviewed_exceptions: true })).status,
    ).toBe(200);
    await ringAlarm(locationId);
    const stillOpen = entriesOf(await sheet(manager, locationId, LAST_PERIOD), jane).find(
      (e) => e.id === open,
    );
    expect(stillOpen?.check_out_at).toBeNull();
    expect(stillOpen?.flags).toContain("missing_check_out");

    const unlocked = await api("POST", `${base(locationId)}/unlock`, {
      token: manager.token,
      body: { period: LAST_PERIOD, reason: "Jane's Friday needs fixing" },
    });
    expect(unlocked).toMatchObject({ status: 200, body: { unlocked: 2 } });
    await ringAlarm(locationId);
    const closed = entriesOf(await sheet(manager, locationId, LAST_PERIOD), jane).find((e) => e.id === open);
    expect(closed?.source).toBe("auto_closed");
    const audits = (await auditRowsFor(jane)).filter((row) => row.entity === "timesheet_approval");
    expect(audits.map((row) => row.action)).toEqual(["approved", "unlocked"]);
    expect(JSON.parse(audits[1]?.afterJson ?? "{}")).toEqual({
      period: LAST_PERIOD,
      reason: "Jane's Friday needs fixing",
    });
  });

  it("can be corrected again once unlocked; unlocking what is not approved is refused", async () => {
    const { manager, locationId, shiftId } = await shopWithLastWeek();
    const notApproved = await api("POST", `${base(locationId)}/unlock`, {
      token: manager.token,
      body: { period: LAST_PERIOD, reason: "Just in case" },
    });
    expect(notApproved).toMatchObject({ status: 409, body: { detail: "This pay period is not approved." } });
    await approve(manager, locationId, { period: LAST_PERIOD, reviewed_exceptions: true });
    const noReason = await api("POST", `${base(locationId)}/unlock`, {
      token: manager.token,
      body: { period: LAST_PERIOD },
    });
    expect(noReason.status).toBe(400);
    await api("POST", `${base(locationId)}/unlock`, {
      token: manager.token,
      body: { period: LAST_PERIOD, reason: "Overtime was missed" },
    });
    const edited = await api("PUT", `${base(locationId)}/entries/${shiftId}`, {
      token: manager.token,
      body: { check_out_at: iso(lastWeek(0, 18)), reason: "Overtime was missed" },
    });
    expect(edited.status).toBe(200);
  });

  it("still records a kiosk punch into it, flagged as after approval and raised as an exception", async () => {
    const shop = await shopWith([JANE, RAVI], { plan: "pro" });
    const jane = shop.employees[0]?.id ?? "";
    expect((await approve(shop.manager, shop.locationId, { period: THIS_PERIOD })).status).toBe(200);
    expect((await checkIn(shop.locationId, "janes", JANE.pin)).status).toBe(200);
    const timesheet = await sheet(shop.manager, shop.locationId, THIS_PERIOD);
    const [late] = entriesOf(timesheet, jane);
    expect(late?.flags).toEqual(["after_approval", "in_progress"]);
    expect(timesheet.employees.find((e) => e.employee_id === jane)?.exceptions).toBe(1);
    // Closing her session from the dashboard would change the approved period too.
    const close = await api("POST", `/api/manager/employees/${shop.locationId}/${jane}/close-session`, {
      token: shop.manager.token,
    });
    expect(close).toMatchObject({ status: 409, body: { detail: PERIOD_LOCKED } });
  });
});
