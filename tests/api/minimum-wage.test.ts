import { describe, expect, it } from "vitest";
import type { ComplianceResponse } from "../../worker/contracts/compliance";
import type { EmployeePayResponse } from "../../worker/contracts/pay";
import { addDays, localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { api } from "../support/api";
import { insertSession } from "../support/hours";
import { auditRowsFor, JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

// The minimum wage's apprentices and accommodation (docs/compliance.md): recorded with each employee's pay
// terms, checked and audited like them, and counted by the Compliance view's minimum-wage check.

const LONDON = zoneCalendar("Europe/London");
const todayNumber = LONDON.dayOf(Date.now());
const thisMonday = todayNumber - (weekdayOf(localDateOfDayNumber(todayNumber)) - 1);
const LAST_MONDAY = localDateOfDayNumber(thisMonday - 7);
/** Local London time last Wednesday, as ISO. */
const lastWednesdayAt = (hours: number) =>
  new Date(LONDON.startOf(thisMonday - 5) + hours * 3_600_000).toISOString();

const savePay = (manager: Manager, locationId: string, employeeId: string, body: Record<string, unknown>) =>
  api("PUT", `/api/manager/employee-pay/${locationId}/${employeeId}`, {
    token: manager.token,
    body: { payroll_id: null, contracted_weekly_hours: null, hourly_rate: null, ...body },
  });

const payOf = (response: Awaited<ReturnType<typeof api>>) =>
  (response.body as unknown as EmployeePayResponse).employee_pay;

/** Last week's minimum-wage finding for an employee who worked 09:00-17:00 on Wednesday, if any. */
async function lastWeeksShortfall(manager: Manager, locationId: string, employeeId: string) {
  await insertSession(locationId, employeeId, lastWednesdayAt(9), lastWednesdayAt(17));
  const response = await api("GET", `/api/manager/compliance/${locationId}?week=${LAST_MONDAY}`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return (response.body as unknown as ComplianceResponse).employees
    .find((e) => e.employee_id === employeeId)
    ?.breaches.find((b) => b.rule === "minimum_wage");
}

describe("an employee's apprenticeship and accommodation", () => {
  it("are kept with the pay terms, audited, and kept when left out", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    const id = jane?.id ?? "";
    const fields = {
      apprenticeship_start: "2026-09-01",
      accommodation_days_per_week: 5,
      accommodation_weekly_charge: 55.5,
    };
    const saved = await savePay(manager, locationId, id, { hourly_rate: 9, ...fields });
    expect(saved.status).toBe(200);
    expect(payOf(saved)).toMatchObject(fields);
    const audit = (await auditRowsFor(id)).filter((row) => row.action === "pay_terms_updated");
    expect(JSON.parse(audit.at(-1)?.afterJson ?? "{}")).toMatchObject(fields);

    const kept = await savePay(manager, locationId, id, { hourly_rate: 9.5 });
    expect(payOf(kept)).toMatchObject({ hourly_rate: 9.5, ...fields });

    const cleared = await savePay(manager, locationId, id, {
      apprenticeship_start: null,
      accommodation_days_per_week: null,
      accommodation_weekly_charge: null,
    });
    expect(payOf(cleared)).toMatchObject({
      apprenticeship_start: null,
      accommodation_days_per_week: null,
      accommodation_weekly_charge: null,
    });
    const changes = (await auditRowsFor(id)).filter((row) => row.action === "pay_terms_updated");
    expect(JSON.parse(changes.at(-1)?.beforeJson ?? "{}")).toMatchObject(fields);

    // A free room is a charge of £0.00, not none.
    const free = await savePay(manager, locationId, id, {
      accommodation_days_per_week: 7,
      accommodation_weekly_charge: 0,
    });
    expect(payOf(free)).toMatchObject({ accommodation_days_per_week: 7, accommodation_weekly_charge: 0 });
  });

  it("refuses what cannot be, with a reason, and saves none of it", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    const id = jane?.id ?? "";
    const cases: [Record<string, unknown>, string][] = [
      [
        { accommodation_days_per_week: 5 },
        "Give both the days a week accommodation is provided and its weekly charge (0 if free), or neither",
      ],
      [
        { accommodation_weekly_charge: 20 },
        "Give both the days a week accommodation is provided and its weekly charge (0 if free), or neither",
      ],
      [
        { accommodation_days_per_week: 8, accommodation_weekly_charge: 20 },
        "Accommodation days a week must be a whole number from 1 to 7, or null for none",
      ],
      [
        { accommodation_days_per_week: 2.5, accommodation_weekly_charge: 20 },
        "Accommodation days a week must be a whole number from 1 to 7, or null for none",
      ],
      [
        { accommodation_days_per_week: 0, accommodation_weekly_charge: 20 },
        "Accommodation days a week must be a whole number from 1 to 7, or null for none",
      ],
      [
        { accommodation_days_per_week: 5, accommodation_weekly_charge: -1 },
        "The accommodation's weekly charge cannot be negative",
      ],
      [
        { accommodation_days_per_week: 5, accommodation_weekly_charge: 20.005 },
        "The accommodation's weekly charge must be in pence",
      ],
      [
        { accommodation_days_per_week: 5, accommodation_weekly_charge: "20" },
        "The accommodation's weekly charge must be an amount in pounds (0 if free), or null",
      ],
      [{ apprenticeship_start: "01/09/2026" }, "The apprenticeship's start must be a date as YYYY-MM-DD"],
      [{ apprenticeship_start: "2099-09-01" }, "The apprenticeship's start can be at most a year ahead"],
      [
        { date_of_birth: "2008-05-01", apprenticeship_start: "2008-04-30" },
        "The apprenticeship cannot start before the date of birth",
      ],
    ];
    for (const [body, detail] of cases) {
      const refused = await savePay(manager, locationId, id, { hourly_rate: 11, ...body });
      expect(refused.status, detail).toBe(400);
      expect(refused.body.detail).toBe(detail);
    }
    const read = await api("GET", `/api/manager/employee-pay/${locationId}/${id}`, { token: manager.token });
    expect(payOf(read)).toMatchObject({
      hourly_rate: null,
      date_of_birth: null,
      apprenticeship_start: null,
      accommodation_days_per_week: null,
    });
  });

  it("are the caller's own employees' only, and changed on Pro and Business only", async () => {
    const mine = await shopWith([JANE], { plan: "pro" });
    const theirs = await shopWith([RAVI], { plan: "pro" });
    const ravi = theirs.employees[0]?.id ?? "";
    const body = { apprenticeship_start: "2026-01-05" };
    expect((await savePay(mine.manager, theirs.locationId, ravi, body)).status).toBe(404);
    expect((await savePay(mine.manager, mine.locationId, ravi, body)).status).toBe(404);
    const peek = await api("GET", `/api/manager/employee-pay/${theirs.locationId}/${ravi}`, {
      token: mine.manager.token,
    });
    expect(peek.status).toBe(404);
    const untouched = await api("GET", `/api/manager/employee-pay/${theirs.locationId}/${ravi}`, {
      token: theirs.manager.token,
    });
    expect(payOf(untouched).apprenticeship_start).toBeNull();

    const starter = await shopWith([JANE]);
    const refused = await savePay(starter.manager, starter.locationId, starter.employees[0]?.id ?? "", body);
    expect(refused.status).toBe(403);
  });
});

describe("the minimum-wage check", () => {
  // Paid £9.00 an hour for 7h 30m (an unclocked 30-minute break is deducted), 8 hours at work, aged 20: 21 within
  // 45 days of last Monday.
  const twentyYearsOld = addDays(`${Number(LAST_MONDAY.slice(0, 4)) - 21}${LAST_MONDAY.slice(4, 8)}01`, 45);

  it("gives an apprentice in their first year the apprenticeship rate, and no false shortfall", async () => {
    const {
      manager,
      locationId,
      employees: [jane, ravi],
    } = await shopWith([JANE, RAVI], { plan: "pro" });
    const terms = { hourly_rate: 9, date_of_birth: twentyYearsOld };
    // Jane began her apprenticeship 11 months ago; Ravi is not an apprentice.
    const elevenMonths = addDays(LAST_MONDAY, -330);
    expect(
      (await savePay(manager, locationId, jane?.id ?? "", { ...terms, apprenticeship_start: elevenMonths }))
        .status,
    ).toBe(200);
    expect((await savePay(manager, locationId, ravi?.id ?? "", terms)).status).toBe(200);
    expect(await lastWeeksShortfall(manager, locationId, jane?.id ?? "")).toBeUndefined();
    const ravis = await lastWeeksShortfall(manager, locationId, ravi?.id ?? "");
    expect(ravis?.detail).toMatch(
      /^Pay of £67\.50 for 8h 0m worked .* below the minimum of £\d+\.\d\d an hour\.$/,
    );

    // Thirteen months in, at 20, the age rate is owed again.
    await savePay(manager, locationId, jane?.id ?? "", {
      ...terms,
      apprenticeship_start: addDays(LAST_MONDAY, -400),
    });
    const after = await api("GET", `/api/manager/compliance/${locationId}?week=${LAST_MONDAY}`, {
      token: manager.token,
    });
    const janes = (after.body as unknown as ComplianceResponse).employees.find(
      (e) => e.employee_id === jane?.id,
    );
    expect(janes?.breaches.find((b) => b.rule === "minimum_wage")?.detail).toBe(ravis?.detail);
  });

  it("takes an accommodation charge above the offset off pay, and leaves one at the offset alone", async () => {
    const {
      manager,
      locationId,
      employees: [jane, ravi],
    } = await shopWith([JANE, RAVI], { plan: "pro" });
    // £14.00 for 7h 30m is £105.00, above 8 hours at the adult rate; 7 days' offset is 7 x the daily offset.
    const offsetWeek = LAST_MONDAY >= "2026-04-01" ? 77.7 : 74.62;
    const adult = { hourly_rate: 14, date_of_birth: "1990-05-01", accommodation_days_per_week: 7 };
    await savePay(manager, locationId, jane?.id ?? "", { ...adult, accommodation_weekly_charge: offsetWeek });
    await savePay(manager, locationId, ravi?.id ?? "", {
      ...adult,
      accommodation_weekly_charge: Math.round((offsetWeek + 20) * 100) / 100,
    });
    expect(await lastWeeksShortfall(manager, locationId, jane?.id ?? "")).toBeUndefined();
    const ravis = await lastWeeksShortfall(manager, locationId, ravi?.id ?? "");
    expect(ravis?.detail).toMatch(
      /^Pay of £105\.00, less £20\.00 charged for accommodation above the offset, for 8h 0m worked/,
    );
    expect(ravis?.fix).toMatch(/bring the accommodation charge down to the offset\.$/);
  });
});
