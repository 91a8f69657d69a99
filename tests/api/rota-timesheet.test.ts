import { describe, expect, it } from "vitest";
import type { TimesheetEntry, TimesheetResponse } from "../../worker/contracts/timesheets";
import { localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { JANE, type Manager, RAVI, shopWith } from "../support/kiosk";
import { publishShift } from "../support/rota";

// Each timesheet entry against the published shift it worked (docs/rota.md, "Planned against actual"), the
// shifts nobody came for, and approval asking about both.

const LONDON = zoneCalendar("Europe/London");
const HOUR = 3_600_000;
const today = LONDON.dayOf(Date.now());
const lastMonday = today - (weekdayOf(localDateOfDayNumber(today)) - 1) - 7;
const LAST_PERIOD = `pay_${localDateOfDayNumber(lastMonday)}`;
const lastWeek = (day: number, hours: number) =>
  new Date(LONDON.startOf(lastMonday + day) + hours * HOUR).toISOString();

async function sheet(manager: Manager, locationId: string) {
  const response = await api("GET", `/api/manager/timesheets/${locationId}?period=${LAST_PERIOD}`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return response.body as unknown as TimesheetResponse;
}

const employeeOf = (timesheet: TimesheetResponse, id: string) =>
  timesheet.employees.find((e) => e.employee_id === id);
const entriesOf = (timesheet: TimesheetResponse, id: string): TimesheetEntry[] =>
  employeeOf(timesheet, id)?.days.flatMap((day) => day.entries) ?? [];

/**
 * Last week: Jane's shift Monday 09:00–17:00, in at 09:12 and out at 16:50; Ravi's shifts Monday 09:00–15:00
 * (he never came), and a Thursday draft he was never told of; he came on Tuesday instead, unplanned.
 */
async function shopWithAPlan() {
  const shop = await shopWith([JANE, RAVI], { plan: "pro" });
  const jane = shop.employees[0]?.id ?? "";
  const ravi = shop.employees[1]?.id ?? "";
  await publishShift(shop.locationId, jane, lastWeek(0, 9), lastWeek(0, 17), { breakMinutes: 30 });
  await publishShift(shop.locationId, ravi, lastWeek(0, 9), lastWeek(0, 15));
  // A draft nobody was told of counts for nothing.
  await publishShift(shop.locationId, ravi, lastWeek(3, 9), lastWeek(3, 15), { draftOnly: true });
  await insertSession(shop.locationId, jane, lastWeek(0, 9.2), lastWeek(0, 16 + 50 / 60));
  await insertSession(shop.locationId, ravi, lastWeek(1, 10), lastWeek(1, 14));
  return { ...shop, jane, ravi };
}

describe("the timesheet against the rota", () => {
  it("shows each entry's planned shift and how it differed: late by, left early by, or unplanned", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAPlan();
    const timesheet = await sheet(manager, locationId);
    expect(entriesOf(timesheet, jane)[0]).toMatchObject({
      planned: { start_at: lastWeek(0, 9), end_at: lastWeek(0, 17), break_minutes: 30 },
      variance: { unplanned: false, late_minutes: 12, left_early_minutes: 10, over_minutes: 0 },
    });
    // Pay to the rota is off: nothing says the pay differs.
    expect(entriesOf(timesheet, jane)[0]?.paid).toBeUndefined();
    expect(entriesOf(timesheet, ravi)[0]).toMatchObject({ planned: null, variance: { unplanned: true } });
  });

  it("lists a passed shift with no entry as a no-show on its day, and counts it and the unplanned entry as exceptions", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAPlan();
    const timesheet = await sheet(manager, locationId);
    const raviRow = employeeOf(timesheet, ravi);
    expect(raviRow?.days[0]?.no_shows).toEqual([
      expect.objectContaining({ start_at: lastWeek(0, 9), end_at: lastWeek(0, 15) }),
    ]);
    expect(raviRow?.days[3]?.no_shows).toEqual([]);
    expect(raviRow?.exceptions).toBe(2);
    expect(employeeOf(timesheet, jane)?.exceptions).toBe(0);
  });

  it("refuses approval until the no-show and the unplanned entry are reviewed", async () => {
    const { manager, locationId, jane } = await shopWithAPlan();
    const approve = (body: object) =>
      api("POST", `/api/manager/timesheets/${locationId}/approve`, { token: manager.token, body });
    expect(await approve({ period: LAST_PERIOD })).toMatchObject({
      status: 409,
      body: {
        detail:
          "2 entries still need review. Review them in the timesheet, or confirm that you have, before approving.",
      },
    });
    // Jane worked her shift: nothing of hers to review.
    expect((await approve({ period: LAST_PERIOD, employee_ids: [jane] })).status).toBe(200);
    expect((await approve({ period: LAST_PERIOD, reviewed_exceptions: true })).status).toBe(200);
  });

  it("reads exactly as before at a location without a rota", async () => {
    const shop = await shopWith([JANE], { plan: "pro" });
    const jane = shop.employees[0]?.id ?? "";
    await insertSession(shop.locationId, jane, lastWeek(0, 9), lastWeek(0, 17));
    const timesheet = await sheet(shop.manager, shop.locationId);
    const [entry] = entriesOf(timesheet, jane);
    expect(entry && Object.keys(entry).sort()).toEqual(
      ["breaks", "check_in_at", "check_out_at", "employee_id", "flags", "id", "source"].sort(),
    );
    expect(employeeOf(timesheet, jane)?.days.every((day) => !("no_shows" in day))).toBe(true);
    expect(
      (
        await api("POST", `/api/manager/timesheets/${shop.locationId}/approve`, {
          token: shop.manager.token,
          body: { period: LAST_PERIOD },
        })
      ).status,
    ).toBe(200);
  });
});
