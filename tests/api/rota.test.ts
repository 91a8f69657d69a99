import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import { LOCATION_NOT_FOUND } from "../../worker/contracts/locations";
import {
  ARCHIVED_EMPLOYEE,
  BREAK_TOO_LONG,
  type RotaShift,
  type RotaWeekResponse,
  SHIFT_ENDS_BEFORE_START,
  SHIFT_NOT_FOUND,
  SHIFT_TOO_LONG,
  UNKNOWN_EMPLOYEE,
} from "../../worker/contracts/rota";
import { api, createManager } from "../support/api";
import { markDeleted } from "../support/hours";
import { addEmployee, addLocation, auditRowsFor, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";
import { addMember } from "../support/team";

// A week well in the future: every shift is a draft and no day of it is over.
const WEEK = "2027-03-01";

const shiftBody = (
  employeeId: string | null,
  start: string,
  end: string,
  extra: Record<string, unknown> = {},
) => ({
  employee_id: employeeId,
  start_at: start,
  end_at: end,
  break_minutes: 30,
  ...extra,
});

function rotaOf(manager: Pick<Manager, "token">, locationId: string) {
  const base = `/api/manager/rota/${locationId}`;
  return {
    base,
    week: async (week = WEEK) => {
      const answer = await api("GET", `${base}?week=${week}`, { token: manager.token });
      expect(answer.status).toBe(200);
      return answer.body as unknown as RotaWeekResponse;
    },
    add: (body: Record<string, unknown>) => api("POST", `${base}/shifts`, { token: manager.token, body }),
    edit: (id: string, body: Record<string, unknown>) =>
      api("PUT", `${base}/shifts/${id}`, { token: manager.token, body }),
    remove: (id: string) => api("DELETE", `${base}/shifts/${id}`, { token: manager.token }),
    post: (path: string, body: Record<string, unknown>) =>
      api("POST", `${base}/${path}`, { token: manager.token, body }),
  };
}

async function added(rota: ReturnType<typeof rotaOf>, body: Record<string, unknown>) {
  const answer = await rota.add(body);
  expect(answer.status).toBe(201);
  return (answer.body as { shift: RotaShift }).shift;
}

describe("planning a week", () => {
  it("adds, edits and deletes shifts, and reads the week back with its planned hours and cost", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const [jane, ravi] = employees as [Employee, Employee];
    const pay = await api("PUT", `/api/manager/employee-pay/${locationId}/${jane.id}`, {
      token: manager.token,
      body: { payroll_id: null, contracted_weekly_hours: null, hourly_rate: 12.5 },
    });
    expect(pay.status).toBe(200);
    const rota = rotaOf(manager, locationId);

    // Monday 09:00-17:00 London (GMT in March), 30 minutes unpaid: 450 paid minutes at £12.50 = £93.75.
    const monday = await added(
      rota,
      shiftBody(jane.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z", { role: "Barista" }),
    );
    expect(monday).toMatchObject({
      employee_id: jane.id,
      start_at: "2027-03-01T09:00:00.000Z",
      end_at: "2027-03-01T17:00:00.000Z",
      break_minutes: 30,
      role: "Barista",
      notes: null,
      published: false,
      changed_since_publish: false,
    });
    // Ravi has no rate: his hours count, his cost does not. An open shift counts in minutes only.
    await added(
      rota,
      shiftBody(ravi.id, "2027-03-02T10:00:00Z", "2027-03-02T14:00:00Z", { break_minutes: 0 }),
    );
    await added(rota, shiftBody(null, "2027-03-02T15:00:00Z", "2027-03-02T18:00:00Z", { break_minutes: 0 }));
    const doomed = await added(
      rota,
      shiftBody(jane.id, "2027-03-03T09:00:00Z", "2027-03-03T12:00:00Z", { break_minutes: 0 }),
    );

    const edited = await rota.edit(
      monday.id,
      shiftBody(jane.id, "2027-03-01T08:00:00Z", "2027-03-01T17:00:00Z", {
        role: "Barista",
        notes: "Opens up",
      }),
    );
    expect(edited).toMatchObject({
      status: 200,
      body: { shift: { id: monday.id, notes: "Opens up" }, warnings: [] },
    });
    expect(await rota.remove(doomed.id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await rota.remove(doomed.id)).toMatchObject({ status: 404, body: { detail: SHIFT_NOT_FOUND } });

    const week = await rota.week();
    expect(week).toMatchObject({
      week: WEEK,
      published_at: null,
      published_by: null,
      timezone: "Europe/London",
      warnings: [],
    });
    expect(week.shifts.map((s) => [s.employee_id, s.start_at])).toEqual([
      [jane.id, "2027-03-01T08:00:00.000Z"],
      [ravi.id, "2027-03-02T10:00:00.000Z"],
      [null, "2027-03-02T15:00:00.000Z"],
    ]);
    // Monday: 9 hours less 30 minutes = 510 minutes at £12.50 an hour = £106.25.
    expect(week.totals.days[0]).toEqual({
      date: "2027-03-01",
      planned_minutes: 510,
      planned_cost_pence: 10625,
      actual_minutes: null,
      actual_cost_pence: null,
    });
    expect(week.totals.days[1]).toMatchObject({
      date: "2027-03-02",
      planned_minutes: 420,
      planned_cost_pence: null,
    });
    expect(week.totals.days[2]).toMatchObject({
      date: "2027-03-03",
      planned_minutes: 0,
      planned_cost_pence: null,
    });
    expect(week.totals.week).toEqual({
      planned_minutes: 930,
      planned_cost_pence: 10625,
      actual_minutes: null,
      actual_cost_pence: null,
    });

    const actions = (await auditRowsFor(monday.id)).map((row) => [row.action, row.actorName]);
    expect(actions).toEqual([
      ["shift_added", manager.name],
      ["shift_edited", manager.name],
    ]);
  });

  it("counts a shift on the local day it starts, in the location's zone", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const rota = rotaOf(manager, locationId);
    // 23:30 UTC on Sunday 30 May is 00:30 on Monday 31 May in London (BST): it belongs to that week.
    await added(
      rota,
      shiftBody(employees[0]?.id ?? null, "2027-05-30T23:30:00Z", "2027-05-31T06:30:00Z", {
        break_minutes: 0,
      }),
    );
    expect((await rota.week("2027-05-31")).totals.days[0]).toMatchObject({
      date: "2027-05-31",
      planned_minutes: 420,
    });
    expect((await rota.week("2027-05-24")).shifts).toEqual([]);
  });

  it("refuses a week that is not named by its Monday", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const answer = await api("GET", `/api/manager/rota/${locationId}?week=2027-03-02`, {
      token: manager.token,
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: "2027-03-02 is not a Monday: a week is named by its Monday." },
    });
    const garbled = await api("GET", `/api/manager/rota/${locationId}?week=next`, { token: manager.token });
    expect(garbled).toMatchObject({
      status: 400,
      body: { detail: "The week must be its Monday, as YYYY-MM-DD" },
    });
  });
});

describe("refusing a shift", () => {
  it("refuses an end not after the start, over 16 hours, and a break as long as the shift", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const rota = rotaOf(manager, locationId);
    const id = employees[0]?.id ?? null;
    const refusals: [Record<string, unknown>, string][] = [
      [shiftBody(id, "2027-03-01T17:00:00Z", "2027-03-01T09:00:00Z"), SHIFT_ENDS_BEFORE_START],
      [shiftBody(id, "2027-03-01T09:00:00Z", "2027-03-01T09:00:00Z"), SHIFT_ENDS_BEFORE_START],
      [shiftBody(id, "2027-03-01T06:00:00Z", "2027-03-01T22:01:00Z"), SHIFT_TOO_LONG],
      [shiftBody(id, "2027-03-01T09:00:00Z", "2027-03-01T10:00:00Z", { break_minutes: 60 }), BREAK_TOO_LONG],
    ];
    for (const [body, detail] of refusals) {
      expect(await rota.add(body)).toMatchObject({ status: 400, body: { detail } });
    }
    // Exactly 16 hours is allowed.
    expect((await rota.add(shiftBody(id, "2027-03-01T06:00:00Z", "2027-03-01T22:00:00Z"))).status).toBe(201);
    expect((await rota.week()).shifts).toHaveLength(1);
  });

  it("refuses an archived employee, and one of another location or account", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const [jane, ravi] = employees as [Employee, Employee];
    const rota = rotaOf(manager, locationId);
    const elsewhere = await addLocation(manager, "Islington");
    const sam = await addEmployee(manager, elsewhere, { first_name: "Sam", last_name: "Patel", pin: "2468" });
    const stranger = await shopWith([JANE]);

    const inactive = await api("PUT", `/api/manager/employees/${jane.id}`, {
      token: manager.token,
      body: { active: false },
    });
    expect(inactive.status).toBe(200);
    await markDeleted(ravi.id);
    const at = (id: string) => shiftBody(id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z");
    expect(await rota.add(at(jane.id))).toMatchObject({ status: 400, body: { detail: ARCHIVED_EMPLOYEE } });
    expect(await rota.add(at(ravi.id))).toMatchObject({ status: 400, body: { detail: ARCHIVED_EMPLOYEE } });
    expect(await rota.add(at(sam.id))).toMatchObject({ status: 400, body: { detail: UNKNOWN_EMPLOYEE } });
    expect(await rota.add(at(stranger.employees[0]?.id ?? ""))).toMatchObject({
      status: 400,
      body: { detail: UNKNOWN_EMPLOYEE },
    });
    expect((await rota.week()).shifts).toEqual([]);
  });

  it("refuses a shift overlapping the same employee's other one, naming it in the location's time", async () => {
    const { manager, locationId } = await shopWith([]);
    const sam = await addEmployee(manager, locationId, {
      first_name: "Sam",
      last_name: "Patel",
      pin: "2468",
    });
    const rota = rotaOf(manager, locationId);
    // Tuesday 03/11/2026 09:00-17:00 in London (GMT).
    const first = await added(rota, shiftBody(sam.id, "2026-11-03T09:00:00Z", "2026-11-03T17:00:00Z"));
    const overlapping = await rota.add(shiftBody(sam.id, "2026-11-03T16:00:00Z", "2026-11-03T20:00:00Z"));
    expect(overlapping).toMatchObject({
      status: 409,
      body: { detail: "Sam Patel already has a shift on Tue 03/11/2026 from 09:00 to 17:00." },
    });
    // Back to back is not an overlap; open shifts never clash; a shift may be moved within its own time.
    const evening = await added(
      rota,
      shiftBody(sam.id, "2026-11-03T17:00:00Z", "2026-11-03T21:00:00Z", { break_minutes: 0 }),
    );
    await added(rota, shiftBody(null, "2026-11-03T09:00:00Z", "2026-11-03T17:00:00Z"));
    await added(rota, shiftBody(null, "2026-11-03T09:00:00Z", "2026-11-03T17:00:00Z"));
    expect(
      (await rota.edit(first.id, shiftBody(sam.id, "2026-11-03T08:00:00Z", "2026-11-03T16:00:00Z"))).status,
    ).toBe(200);
    expect(
      await rota.edit(evening.id, shiftBody(sam.id, "2026-11-03T15:00:00Z", "2026-11-03T21:00:00Z")),
    ).toMatchObject({
      status: 409,
      body: { detail: "Sam Patel already has a shift on Tue 03/11/2026 from 08:00 to 16:00." },
    });
  });

  it("keeps two managers saving at once from giving one person overlapping shifts", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const rota = rotaOf(manager, locationId);
    const id = employees[0]?.id ?? null;
    const answers = await Promise.all(
      ["09:00", "10:00", "11:00", "12:00"].map((hour) =>
        rota.add(shiftBody(id, `2027-03-01T${hour}:00Z`, "2027-03-01T18:00:00Z")),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await rota.week()).shifts).toHaveLength(1);
  });
});

describe("another tenant's ids", () => {
  it("answers 404 for another account's location and shift, and a location manager's other shop", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const rota = rotaOf(manager, locationId);
    const shift = await added(
      rota,
      shiftBody(employees[0]?.id ?? null, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z"),
    );
    const other = await createManager();
    const otherLocation = await addLocation(other, "Hackney");
    const theirs = rotaOf(other, otherLocation);
    const mine = rotaOf(other, locationId);

    expect(await api("GET", `${mine.base}?week=${WEEK}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { detail: LOCATION_NOT_FOUND },
    });
    expect((await mine.add(shiftBody(null, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z"))).status).toBe(
      404,
    );
    expect((await mine.post("publish", { week: WEEK })).status).toBe(404);
    expect((await mine.post("copy-week", { from_week: WEEK, to_week: "2027-03-08" })).status).toBe(404);
    expect((await mine.post("clear-week", { week: WEEK })).status).toBe(404);
    expect((await api("GET", `${mine.base}/pdf?week=${WEEK}`, { token: other.token })).status).toBe(404);
    expect((await api("GET", `${mine.base}/templates`, { token: other.token })).status).toBe(404);
    // Their own location, my shift's id: no such shift there.
    expect(await theirs.remove(shift.id)).toMatchObject({ status: 404, body: { detail: SHIFT_NOT_FOUND } });
    expect(
      (await theirs.edit(shift.id, shiftBody(null, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z"))).status,
    ).toBe(404);
    expect((await rota.week()).shifts).toHaveLength(1);

    const islington = await addLocation(manager, "Islington");
    const member = await addMember(manager.id, { role: "location_manager", locationIds: [islington] });
    const outOfScope = rotaOf(member, locationId);
    expect(await api("GET", `${outOfScope.base}?week=${WEEK}`, { token: member.token })).toMatchObject({
      status: 404,
      body: { detail: LOCATION_NOT_FOUND },
    });
    expect((await outOfScope.remove(shift.id)).status).toBe(404);
    const inScope = rotaOf(member, islington);
    expect((await inScope.add(shiftBody(null, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z"))).status).toBe(
      201,
    );
  });
});
