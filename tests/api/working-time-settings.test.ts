import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ComplianceResponse } from "../../worker/contracts/compliance";
import type {
  AccountWorkingTimeResponse,
  LocationWorkingTimeResponse,
} from "../../worker/contracts/working-time-settings";
import { employees } from "../../worker/db/schema";
import { addDays, localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { db, JANE, type Manager, shopWith } from "../support/kiosk";

// What the employer decides for the working-time checks (docs/compliance.md, "What the employer decides"): a
// location's weekly-rest reference period and young workers' night work, and the account's 48-hour average
// reference periods, as the Compliance view applies them.

const LONDON = zoneCalendar("Europe/London");
const MINUTE = 60_000;
const todayNumber = LONDON.dayOf(Date.now());
const thisMonday = todayNumber - (weekdayOf(localDateOfDayNumber(todayNumber)) - 1);
const LAST_MONDAY = localDateOfDayNumber(thisMonday - 7);
/** Local London time on a day counted from last Monday (0), as ISO. */
const lastWeek = (day: number, hours: number, minutes = 0) =>
  new Date(LONDON.startOf(thisMonday - 7 + day) + (hours * 60 + minutes) * MINUTE).toISOString();

const path = (locationId: string) => `/api/manager/compliance/${locationId}/working-time`;
const getLocation = (manager: Manager, locationId: string) =>
  api("GET", path(locationId), { token: manager.token });
const putLocation = (manager: Manager, locationId: string, body: unknown) =>
  api("PUT", path(locationId), { token: manager.token, body: body as Record<string, unknown> });
const putAccount = (manager: Manager, body: unknown) =>
  api("PUT", "/api/manager/compliance/settings", {
    token: manager.token,
    body: body as Record<string, unknown>,
  });
const report = async (manager: Manager, locationId: string) => {
  const response = await api("GET", `/api/manager/compliance/${locationId}?week=${LAST_MONDAY}`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return (response.body as unknown as ComplianceResponse).employees[0];
};

/** A Pro shop whose one employee joined long ago. */
async function proShop() {
  const shop = await shopWith([JANE], { plan: "pro" });
  const [jane] = shop.employees;
  await db()
    .update(employees)
    .set({ createdAt: Date.parse("2025-01-06T09:00:00Z") })
    .where(eq(employees.id, jane?.id ?? ""));
  return { ...shop, janeId: jane?.id ?? "" };
}

describe("a location's working-time choices", () => {
  it("start as 24 hours' weekly rest in each 7 days and no night-work exception, and save what is sent", async () => {
    const { manager, locationId } = await proShop();
    const fresh = await getLocation(manager, locationId);
    expect(fresh.status).toBe(200);
    expect((fresh.body as unknown as LocationWorkingTimeResponse).working_time).toEqual({
      location_id: locationId,
      weekly_rest_fortnightly: false,
      young_night_sector: "none",
      young_contract_after_22: false,
      bank_holidays_from_leave: false,
    });
    const saved = await putLocation(manager, locationId, { young_night_sector: "hospitality" });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as LocationWorkingTimeResponse).working_time).toMatchObject({
      weekly_rest_fortnightly: false,
      young_night_sector: "hospitality",
    });
    const read = await getLocation(manager, locationId);
    expect((read.body as unknown as LocationWorkingTimeResponse).working_time.young_night_sector).toBe(
      "hospitality",
    );
  });

  it("refuses what is not a choice, and changes nothing", async () => {
    const { manager, locationId } = await proShop();
    const cases: [unknown, RegExp][] = [
      [{ young_night_sector: "nightclub" }, /young_night_sector must be one of: none, agriculture/],
      [{ weekly_rest_fortnightly: "yes" }, /weekly_rest_fortnightly must be true or false/],
      [{ young_contract_after_22: null }, /young_contract_after_22 must be true or false/],
      [{}, /Send at least one setting to change/],
      [{ weekly_rest_fortnightly: true, colour: "red" }, /colour/],
    ];
    for (const [body, detail] of cases) {
      const refused = await putLocation(manager, locationId, body);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(detail);
    }
    const read = await getLocation(manager, locationId);
    expect((read.body as unknown as LocationWorkingTimeResponse).working_time.weekly_rest_fortnightly).toBe(
      false,
    );
  });

  it("are the caller's own: another account's location answers 404 and is left as it was", async () => {
    const mine = await proShop();
    const theirs = await proShop();
    expect((await getLocation(mine.manager, theirs.locationId)).status).toBe(404);
    const changed = await putLocation(mine.manager, theirs.locationId, { weekly_rest_fortnightly: true });
    expect(changed.status).toBe(404);
    const read = await getLocation(theirs.manager, theirs.locationId);
    expect((read.body as unknown as LocationWorkingTimeResponse).working_time.weekly_rest_fortnightly).toBe(
      false,
    );
  });

  it("are for Pro and Business, as the Compliance view is", async () => {
    const starter = await shopWith([JANE]);
    const refused = await putLocation(starter.manager, starter.locationId, { weekly_rest_fortnightly: true });
    expect(refused.status).toBe(403);
    expect((await putAccount(starter.manager, { average_reference_start: null })).status).toBe(403);
  });

  it("decide whether a week without 24 hours' rest is a breach: not once the 14-day alternative is chosen", async () => {
    const { manager, locationId, janeId } = await proShop();
    // The week before last: Monday to Friday, its weekend off. Last week: every day, 08:00–20:00.
    for (let day = -7; day < 7; day++) {
      if (day === -2 || day === -1) continue;
      await insertSession(locationId, janeId, lastWeek(day, 8), lastWeek(day, 20));
    }
    const weekly = (found: Awaited<ReturnType<typeof report>>) =>
      found?.breaches.filter((b) => b.rule === "weekly_rest" && b.date === LAST_MONDAY) ?? [];
    const [breach] = weekly(await report(manager, locationId));
    expect(breach?.detail).toContain("12h 0m; 24 hours are required");
    expect(breach?.fix).toMatch(/working-time settings/);

    expect((await putLocation(manager, locationId, { weekly_rest_fortnightly: true })).status).toBe(200);
    expect(weekly(await report(manager, locationId))).toEqual([]);
  });

  it("flag a 17-year-old at work at 22:30, unless the location is a hospitality business", async () => {
    const { manager, locationId, janeId } = await proShop();
    const dob = addDays(LAST_MONDAY, -17 * 365);
    const pay = await api("PUT", `/api/manager/employee-pay/${locationId}/${janeId}`, {
      token: manager.token,
      body: { payroll_id: null, contracted_weekly_hours: null, hourly_rate: null, date_of_birth: dob },
    });
    expect(pay.status).toBe(200);
    const late = await insertSession(locationId, janeId, lastWeek(2, 17), lastWeek(2, 22, 30));
    const night = (found: Awaited<ReturnType<typeof report>>) =>
      found?.breaches.filter((b) => b.rule === "young_night_work") ?? [];
    const [breach] = night(await report(manager, locationId));
    expect(breach?.detail).toBe(
      `Worked 0h 30m between 22:00 and 22:30 on the night of ${localDateOfDayNumber(thisMonday - 5)
        .split("-")
        .reverse()
        .join("/")}, in the hours 22:00–06:00 when a worker under 18 may not work here.`,
    );
    expect(breach?.shift_ids).toEqual([late]);

    expect((await putLocation(manager, locationId, { young_night_sector: "hospitality" })).status).toBe(200);
    expect(night(await report(manager, locationId))).toEqual([]);
  });
});

describe("the account's 48-hour average reference periods", () => {
  it("are rolling until a reference start is set, then successive 17-week periods from it", async () => {
    const { manager, locationId, janeId } = await proShop();
    await insertSession(locationId, janeId, lastWeek(2, 9), lastWeek(2, 17));
    const fresh = await api("GET", "/api/manager/compliance/settings", { token: manager.token });
    expect(fresh.status).toBe(200);
    expect((fresh.body as unknown as AccountWorkingTimeResponse).working_time).toEqual({
      average_reference_start: null,
    });
    expect((await report(manager, locationId))?.average.reference_end).toBe(addDays(LAST_MONDAY, 6));

    const start = addDays(LAST_MONDAY, -7);
    const saved = await putAccount(manager, { average_reference_start: start });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as AccountWorkingTimeResponse).working_time.average_reference_start).toBe(
      start,
    );
    const average = (await report(manager, locationId))?.average;
    expect(average?.reference_start).toBe(start);
    expect(average?.reference_end).toBe(addDays(start, 17 * 7 - 1));
    expect(average?.provisional).toBe(true);

    // Another account's reports keep rolling periods.
    const other = await proShop();
    const theirs = await api("GET", "/api/manager/compliance/settings", { token: other.manager.token });
    expect(
      (theirs.body as unknown as AccountWorkingTimeResponse).working_time.average_reference_start,
    ).toBeNull();
  });

  it("refuse a reference start that is not a date", async () => {
    const { manager } = await proShop();
    for (const body of [
      { average_reference_start: "01/04/2026" },
      { average_reference_start: "2026-02-30" },
      {},
    ]) {
      const refused = await putAccount(manager, body);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(
        /average_reference_start must be null \(rolling periods\) or a date/,
      );
    }
  });
});
