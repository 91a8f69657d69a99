import { describe, expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { PublishResponse, RotaShift, RotaWeekResponse } from "../../worker/contracts/rota";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { auditRowsFor, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

// Copying, clearing and publishing a week of the rota (docs/rota.md, "Planning").

const WEEK = "2027-03-01";

function rotaOf(manager: Pick<Manager, "token">, locationId: string) {
  const base = `/api/manager/rota/${locationId}`;
  const send = (method: string, path: string, body?: Record<string, unknown>) =>
    api(method, `${base}${path}`, { token: manager.token, body });
  return {
    week: async (week = WEEK) => {
      const answer = await send("GET", `?week=${week}`);
      expect(answer.status).toBe(200);
      return answer.body as unknown as RotaWeekResponse;
    },
    // Half an hour by default: an 8-hour shift without a break is a working-time warning, which publishing asks about.
    add: async (employeeId: string | null, start: string, end: string, breakMinutes = 30) => {
      const answer = await send("POST", "/shifts", {
        employee_id: employeeId,
        start_at: start,
        end_at: end,
        break_minutes: breakMinutes,
      });
      expect(answer.status).toBe(201);
      return (answer.body as { shift: RotaShift }).shift;
    },
    move: (shift: RotaShift, changes: Record<string, unknown>) =>
      send("PUT", `/shifts/${shift.id}`, {
        employee_id: shift.employee_id,
        start_at: shift.start_at,
        end_at: shift.end_at,
        break_minutes: shift.break_minutes,
        ...changes,
      }),
    remove: (shift: RotaShift) => send("DELETE", `/shifts/${shift.id}`),
    publish: async (week = WEEK) => {
      const answer = await send("POST", "/publish", { week });
      expect(answer.status).toBe(200);
      return answer.body as unknown as PublishResponse;
    },
    send,
  };
}

/** Everyone a publication is about, told or not (tellStaff says which). */
const toldOf = (answer: PublishResponse) =>
  [...answer.notified, ...answer.not_notified].map((e) => e.employee_id).sort();

describe("publishing a week", () => {
  it("tells everyone with a shift the first time, then only those whose shifts changed", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    const rota = rotaOf(manager, locationId);
    const janes = await rota.add(jane.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z");
    const ravis = await rota.add(ravi.id, "2027-03-02T09:00:00Z", "2027-03-02T17:00:00Z");
    await rota.add(null, "2027-03-03T09:00:00Z", "2027-03-03T17:00:00Z");

    const first = await rota.publish();
    expect(toldOf(first)).toEqual([jane.id, ravi.id].sort());
    expect(first.week).toBe(WEEK);
    let week = await rota.week();
    expect(week.published_at).toBe(first.published_at);
    expect(week.published_by).toBe(manager.name);
    expect(week.shifts.every((s) => s.published && !s.changed_since_publish)).toBe(true);

    // Nothing changed: nobody is told again.
    expect(toldOf(await rota.publish())).toEqual([]);

    // Jane's shift is an hour later: she is marked changed, and only she is told.
    expect((await rota.move(janes, { start_at: "2027-03-01T10:00:00Z" })).status).toBe(200);
    week = await rota.week();
    expect(week.shifts.find((s) => s.id === janes.id)).toMatchObject({
      published: false,
      changed_since_publish: true,
    });
    expect(week.shifts.find((s) => s.id === ravis.id)).toMatchObject({
      published: true,
      changed_since_publish: false,
    });
    expect(toldOf(await rota.publish())).toEqual([jane.id]);

    // Ravi's shift given to Jane: both are told (he lost it, she has it).
    expect((await rota.move(ravis, { employee_id: jane.id })).status).toBe(200);
    expect(toldOf(await rota.publish())).toEqual([jane.id, ravi.id].sort());

    // A published shift deleted stays out of the week, and its holder is told at the next publication.
    expect((await rota.remove(janes)).status).toBe(200);
    week = await rota.week();
    expect(week.shifts.map((s) => s.id)).not.toContain(janes.id);
    expect(toldOf(await rota.publish())).toEqual([jane.id]);
    expect(toldOf(await rota.publish())).toEqual([]);

    // A shift added after publishing is marked until the week is published again.
    const late = await rota.add(ravi.id, "2027-03-04T09:00:00Z", "2027-03-04T17:00:00Z");
    expect(late).toMatchObject({ published: false, changed_since_publish: true });

    const audit = (await auditRowsFor(WEEK)).filter((row) => row.locationId === locationId);
    expect(audit.map((row) => [row.entity, row.action, row.actorName])).toContainEqual([
      "rota",
      "week_published",
      manager.name,
    ]);
    expect(audit.filter((row) => row.action === "week_published")).toHaveLength(6);
  });

  it("refuses a week not named by its Monday", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const answer = await rotaOf(manager, locationId).send("POST", "/publish", { week: "2027-03-03" });
    expect(answer).toMatchObject({
      status: 400,
      body: { detail: "2027-03-03 is not a Monday: a week is named by its Monday." },
    });
  });
});

describe("copying a week", () => {
  it("copies to the same weekdays and local times across the October clock change, skipping overlaps", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    const rota = rotaOf(manager, locationId);
    // Week of Monday 25/10/2027 is in BST until Sunday 31/10, when the clocks go back.
    await rota.add(jane.id, "2027-10-25T08:00:00Z", "2027-10-25T16:00:00Z"); // 09:00-17:00 BST
    await rota.add(ravi.id, "2027-10-26T08:00:00Z", "2027-10-26T16:00:00Z");
    await rota.add(null, "2027-10-31T09:00:00Z", "2027-10-31T13:00:00Z"); // Sunday 09:00-13:00 GMT
    // Ravi already works Tuesday 02/11 morning: his copied shift would overlap it.
    await rota.add(ravi.id, "2027-11-02T07:00:00Z", "2027-11-02T10:00:00Z");

    const copied = await rota.send("POST", "/copy-week", { from_week: "2027-10-25", to_week: "2027-11-01" });
    expect(copied).toMatchObject({ status: 200, body: { copied: 2, skipped: 1 } });
    const week = await rota.week("2027-11-01");
    expect(week.shifts.map((s) => [s.employee_id, s.start_at, s.end_at, s.published])).toEqual([
      // Monday 09:00-17:00 GMT: an hour later in UTC than the week before, the same on the wall clock.
      [jane.id, "2027-11-01T09:00:00.000Z", "2027-11-01T17:00:00.000Z", false],
      [ravi.id, "2027-11-02T07:00:00.000Z", "2027-11-02T10:00:00.000Z", false],
      [null, "2027-11-07T09:00:00.000Z", "2027-11-07T13:00:00.000Z", false],
    ]);
    // The week copied from is untouched.
    expect((await rota.week("2027-10-25")).shifts).toHaveLength(3);
  });

  it("skips the shifts of someone made inactive since", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane, ravi] = employees as [Employee, Employee];
    const rota = rotaOf(manager, locationId);
    await rota.add(jane.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z");
    await rota.add(ravi.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z");
    const archived = await api("PUT", `/api/manager/employees/${ravi.id}`, {
      token: manager.token,
      body: { active: false },
    });
    expect(archived.status).toBe(200);
    const copied = await rota.send("POST", "/copy-week", { from_week: WEEK, to_week: "2027-03-08" });
    expect(copied).toMatchObject({ status: 200, body: { copied: 1, skipped: 1 } });
    expect((await rota.week("2027-03-08")).shifts.map((s) => s.employee_id)).toEqual([jane.id]);
  });

  it("refuses the same week, and weeks not named by their Monday", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const rota = rotaOf(manager, locationId);
    expect(await rota.send("POST", "/copy-week", { from_week: WEEK, to_week: WEEK })).toMatchObject({
      status: 400,
      body: { detail: "Choose a different week to copy to." },
    });
    expect(await rota.send("POST", "/copy-week", { from_week: WEEK, to_week: "2027-03-09" })).toMatchObject({
      status: 400,
      body: { detail: "2027-03-09 is not a Monday: a week is named by its Monday." },
    });
  });
});

describe("clearing a week", () => {
  it("deletes the week's drafts and keeps what staff were shown", async () => {
    const { manager, locationId, employees } = await shopWith([JANE]);
    const jane = employees[0] as Employee;
    const rota = rotaOf(manager, locationId);
    const kept = await rota.add(jane.id, "2027-03-01T09:00:00Z", "2027-03-01T17:00:00Z");
    await rota.publish();
    await rota.add(jane.id, "2027-03-02T09:00:00Z", "2027-03-02T17:00:00Z");
    await rota.add(null, "2027-03-07T09:00:00Z", "2027-03-07T17:00:00Z");
    // Next week's draft is not this week's.
    await rota.add(jane.id, "2027-03-08T09:00:00Z", "2027-03-08T17:00:00Z");

    expect(await rota.send("POST", "/clear-week", { week: WEEK })).toMatchObject({
      status: 200,
      body: { deleted: 2 },
    });
    expect((await rota.week()).shifts.map((s) => s.id)).toEqual([kept.id]);
    expect((await rota.week("2027-03-08")).shifts).toHaveLength(1);
  });
});

describe("planned against actual", () => {
  it("shows actual hours and cost for the days already over, the Hours tab's figures", async () => {
    const { manager, locationId, employees } = await shopWith([JANE], { plan: "pro" });
    const jane = employees[0] as Employee;
    await api("PUT", `/api/manager/employee-pay/${locationId}/${jane.id}`, {
      token: manager.token,
      body: { payroll_id: null, contracted_weekly_hours: null, hourly_rate: 12 },
    });
    const rota = rotaOf(manager, locationId);
    // A week long past: Monday 02/11/2026, GMT. Jane worked 09:00-13:00 on Monday, no break deducted under 6 hours.
    await rota.add(jane.id, "2026-11-02T09:00:00Z", "2026-11-02T13:00:00Z", 0);
    await insertSession(locationId, jane.id, "2026-11-02T09:10:00Z", "2026-11-02T13:00:00Z");
    const week = await rota.week("2026-11-02");
    expect(week.totals.days[0]).toEqual({
      date: "2026-11-02",
      planned_minutes: 240,
      planned_cost_pence: 4800,
      actual_minutes: 230,
      actual_cost_pence: 4600,
    });
    expect(week.totals.days[1]).toMatchObject({ actual_minutes: 0, actual_cost_pence: null });
    expect(week.totals.week).toMatchObject({
      planned_minutes: 240,
      actual_minutes: 230,
      actual_cost_pence: 4600,
    });
    // A week not yet begun has no actual figures.
    expect((await rota.week("2027-03-01")).totals.week.actual_minutes).toBeNull();
  });
});

describe("leave in the rota's week", () => {
  it("lists who is on leave on each day of the week, with their status", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI]);
    const [jane] = employees as Employee[];
    const status = await api("PUT", `/api/manager/employees/${jane?.id}/status`, {
      token: manager.token,
      body: { status: "holiday", start_date: "2027-03-02", end_date: "2027-03-03" },
    });
    expect(status.status).toBe(200);
    const week = await rotaOf(manager, locationId).week();
    expect(week.leave).toEqual([
      { employee_id: jane?.id, date: "2027-03-02", status: "holiday" },
      { employee_id: jane?.id, date: "2027-03-03", status: "holiday" },
    ]);
    expect((await rotaOf(manager, locationId).week("2027-03-08")).leave).toEqual([]);
  });
});
