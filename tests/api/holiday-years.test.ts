import { describe, expect, it } from "vitest";
import type { WorkerHoliday, WorkerHolidayResponse } from "../../worker/contracts/holiday";
import type { EmployeePayResponse } from "../../worker/contracts/pay";
import type {
  AccountHolidayResponse,
  LocationWorkingTimeResponse,
} from "../../worker/contracts/working-time-settings";
import { bankHolidaysBetween } from "../../worker/domain/bank-holidays";
import { addDays, localDateOfDayNumber, weekdayOf, zoneCalendar } from "../../worker/domain/time-zone";
import { scriptOpenAi, toolResults } from "../support/ai";
import { api } from "../support/api";
import { insertSession, insertStatusPeriod } from "../support/hours";
import { JANE, type Manager, RAVI, shopWith } from "../support/kiosk";

// Holiday for every worker (docs/compliance.md, "Holiday for every worker"): the account's leave year and
// carry-over cap, the location's bank-holiday choice, each worker's pattern, and their balance for the year.

const LONDON = zoneCalendar("Europe/London");
const todayNumber = LONDON.dayOf(Date.now());
const TODAY = localDateOfDayNumber(todayNumber);
const LAST_MONDAY = localDateOfDayNumber(todayNumber - (weekdayOf(TODAY) - 1) - 7);
const NEXT_MONDAY = addDays(LAST_MONDAY, 14);

const put = (manager: Manager, path: string, body: Record<string, unknown>) =>
  api("PUT", path, { token: manager.token, body });

const savePay = (manager: Manager, locationId: string, employeeId: string, body: Record<string, unknown>) =>
  put(manager, `/api/manager/employee-pay/${locationId}/${employeeId}`, {
    payroll_id: null,
    contracted_weekly_hours: null,
    hourly_rate: null,
    ...body,
  });

async function balances(manager: Manager, locationId: string) {
  const response = await api("GET", `/api/manager/compliance/${locationId}/holiday/workers`, {
    token: manager.token,
  });
  expect(response.status).toBe(200);
  return response.body as unknown as WorkerHolidayResponse;
}

const of = (body: WorkerHolidayResponse, id: string | undefined): WorkerHoliday | undefined =>
  body.employees.find((e) => e.employee_id === id);

describe("the account's holiday settings", () => {
  it("start with each worker's own leave year and no carry-over, and save a leave year and a cap", async () => {
    const { manager } = await shopWith([JANE], { plan: "pro" });
    const got = await api("GET", "/api/manager/compliance/holiday-settings", { token: manager.token });
    expect(got.status).toBe(200);
    expect((got.body as unknown as AccountHolidayResponse).holiday).toEqual({
      leave_year_start: null,
      carry_over_weeks: 0,
      allow_requests_beyond_balance: false,
    });
    const saved = await put(manager, "/api/manager/compliance/holiday-settings", {
      leave_year_start: "2026-01-01",
      carry_over_weeks: 1.6,
    });
    expect(saved.status).toBe(200);
    const again = await api("GET", "/api/manager/compliance/holiday-settings", { token: manager.token });
    expect((again.body as unknown as AccountHolidayResponse).holiday).toEqual({
      leave_year_start: "2026-01-01",
      carry_over_weeks: 1.6,
      allow_requests_beyond_balance: false,
    });
  });

  it("refuse more than 1.6 weeks' carry-over, a date that is not one, and the Starter plan", async () => {
    const { manager } = await shopWith([JANE], { plan: "pro" });
    for (const body of [
      { leave_year_start: null, carry_over_weeks: 1.7 },
      { leave_year_start: null, carry_over_weeks: -1 },
      { leave_year_start: "2026-02-30", carry_over_weeks: 0 },
      { leave_year_start: null },
    ]) {
      const refused = await put(manager, "/api/manager/compliance/holiday-settings", body);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/carry_over_weeks|leave_year_start/);
    }
    const starter = await shopWith([JANE]);
    const gated = await put(starter.manager, "/api/manager/compliance/holiday-settings", {
      leave_year_start: null,
      carry_over_weeks: 0,
    });
    expect(gated.status).toBe(403);
  });
});

describe("the location's bank-holiday choice and each worker's pattern", () => {
  it("saves whether bank holidays come out of holiday, for the caller's own locations only", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const saved = await put(manager, `/api/manager/compliance/${locationId}/working-time`, {
      bank_holidays_from_leave: true,
    });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as LocationWorkingTimeResponse).working_time.bank_holidays_from_leave).toBe(
      true,
    );
    const wrong = await put(manager, `/api/manager/compliance/${locationId}/working-time`, {
      bank_holidays_from_leave: "yes",
    });
    expect(wrong.status).toBe(400);
    const other = await shopWith([RAVI], { plan: "pro" });
    const foreign = await put(manager, `/api/manager/compliance/${other.locationId}/working-time`, {
      bank_holidays_from_leave: true,
    });
    expect(foreign.status).toBe(404);
    expect((await balances(other.manager, other.locationId)).bank_holidays_from_leave).toBe(false);
    const theirs = await api("GET", `/api/manager/compliance/${other.locationId}/holiday/workers`, {
      token: manager.token,
    });
    expect(theirs.status).toBe(404);
  });

  it("records a worker's start, end and days a week, and refuses an end before the start", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    const saved = await savePay(manager, locationId, jane?.id ?? "", {
      employment_start_date: "2024-05-01",
      employment_end_date: "2027-01-31",
      working_days_per_week: 4.5,
    });
    expect(saved.status).toBe(200);
    expect((saved.body as unknown as EmployeePayResponse).employee_pay).toMatchObject({
      employment_start_date: "2024-05-01",
      employment_end_date: "2027-01-31",
      working_days_per_week: 4.5,
    });
    const backwards = await savePay(manager, locationId, jane?.id ?? "", {
      employment_end_date: "2024-04-30",
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.detail).toBe("The employment end date cannot be before its start date");
    for (const days of [0, 7.5, 4.3]) {
      const refused = await savePay(manager, locationId, jane?.id ?? "", { working_days_per_week: days });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/Working days a week/);
    }
  });
});

describe("each worker's balance for the leave year", () => {
  it("counts a five-day worker's 28 days, the week taken and the days booked", async () => {
    const {
      manager,
      locationId,
      employees: [jane, ravi],
    } = await shopWith([JANE, RAVI], { plan: "pro" });
    // A leave year that began 100 days ago holds last week and the week after next.
    const yearStart = addDays(TODAY, -100);
    await put(manager, "/api/manager/compliance/holiday-settings", {
      leave_year_start: yearStart,
      carry_over_weeks: 0,
    });
    await savePay(manager, locationId, jane?.id ?? "", {
      contracted_weekly_hours: 37.5,
      working_days_per_week: 5,
      employment_start_date: "2020-01-01",
    });
    await insertStatusPeriod(jane?.id ?? "", "holiday", LAST_MONDAY, addDays(LAST_MONDAY, 6));
    await insertStatusPeriod(jane?.id ?? "", "holiday", NEXT_MONDAY, addDays(NEXT_MONDAY, 1));

    const body = await balances(manager, locationId);
    expect(body.northern_ireland).toBe(false);
    expect(of(body, jane?.id)).toMatchObject({
      rule: "pattern",
      unit: "days",
      leave_year_start: yearStart,
      entitlement: 28,
      taken: 5,
      booked: 2,
      carried_over: 0,
      remaining: 21,
      missing: null,
    });
    // Ravi has no week recorded: his figures say what is missing rather than guess.
    expect(of(body, ravi?.id)).toMatchObject({ rule: "pattern", entitlement: null, remaining: null });
    expect(of(body, ravi?.id)?.missing).toMatch(/days or hours a week/);
  });

  it("accrues 12.07% for irregular hours in Great Britain, and 5.6 weeks of their week in Northern Ireland", async () => {
    const {
      manager,
      locationId,
      employees: [ravi],
    } = await shopWith([RAVI], { plan: "pro" });
    await put(manager, "/api/manager/compliance/holiday-settings", {
      leave_year_start: addDays(TODAY, -100),
      carry_over_weeks: 0,
    });
    await savePay(manager, locationId, ravi?.id ?? "", {
      irregular_hours: true,
      contracted_weekly_hours: 10,
      employment_start_date: "2020-01-01",
    });
    const monday = LONDON.startOf(todayNumber - (weekdayOf(TODAY) - 1) - 7);
    await insertSession(
      locationId,
      ravi?.id ?? "",
      new Date(monday + 9 * 3_600_000).toISOString(),
      new Date(monday + 15 * 3_600_000).toISOString(),
    );
    const gb = of(await balances(manager, locationId), ravi?.id);
    expect(gb).toMatchObject({ rule: "accrual", unit: "hours", entitlement: 56 });
    expect(gb?.accrued).toBeGreaterThan(0);

    const region = await put(manager, `/api/manager/pay-rules/${locationId}`, {
      pay_frequency: "weekly",
      pay_anchor_date: "2025-09-01",
      bank_holiday_region: "northern-ireland",
    });
    expect(region.status).toBe(200);
    const ni = await balances(manager, locationId);
    expect(ni.northern_ireland).toBe(true);
    expect(of(ni, ravi?.id)).toMatchObject({ rule: "pattern", unit: "hours", entitlement: 56, accrued: 56 });
  });
});

describe("carry-over and bank holidays", () => {
  async function fiveDayWorker(settings: { carry_over_weeks: number }) {
    const shop = await shopWith([JANE], { plan: "pro" });
    const [jane] = shop.employees;
    await put(shop.manager, "/api/manager/compliance/holiday-settings", {
      leave_year_start: addDays(TODAY, -100),
      ...settings,
    });
    await savePay(shop.manager, shop.locationId, jane?.id ?? "", {
      working_days_per_week: 5,
      employment_start_date: "2020-01-01",
    });
    return { ...shop, jane };
  }

  it("carries 8 of last year's 28 untaken days at the 1.6-week cap, and none without an agreement", async () => {
    const capped = await fiveDayWorker({ carry_over_weeks: 1.6 });
    expect(of(await balances(capped.manager, capped.locationId), capped.jane?.id)).toMatchObject({
      carried_over: 8,
      remaining: 36,
    });
    const none = await fiveDayWorker({ carry_over_weeks: 0 });
    expect(of(await balances(none.manager, none.locationId), none.jane?.id)?.carried_over).toBe(0);
  });

  it("carries up to 4 weeks more when sick leave last year kept the worker from their holiday", async () => {
    const shop = await fiveDayWorker({ carry_over_weeks: 1.6 });
    const lastYear = addDays(TODAY, -200);
    await insertStatusPeriod(shop.jane?.id ?? "", "sick_leave", lastYear, addDays(lastYear, 30));
    expect(of(await balances(shop.manager, shop.locationId), shop.jane?.id)?.carried_over).toBe(28);
  });

  it("counts weekday bank holidays as holiday where the location takes them from it", async () => {
    const shop = await fiveDayWorker({ carry_over_weeks: 0 });
    const before = of(await balances(shop.manager, shop.locationId), shop.jane?.id);
    await put(shop.manager, `/api/manager/compliance/${shop.locationId}/working-time`, {
      bank_holidays_from_leave: true,
    });
    const after = of(await balances(shop.manager, shop.locationId), shop.jane?.id);
    const year = { from: after?.leave_year_start ?? "", to: after?.leave_year_end ?? "" };
    const weekdays = bankHolidaysBetween("england-and-wales", year.from, year.to).filter(
      (holiday) => weekdayOf(holiday.date) <= 5,
    );
    expect(weekdays.length).toBeGreaterThanOrEqual(6);
    expect((after?.taken ?? 0) - (before?.taken ?? 0)).toBe(weekdays.filter((h) => h.date <= TODAY).length);
    expect((after?.booked ?? 0) - (before?.booked ?? 0)).toBe(weekdays.filter((h) => h.date > TODAY).length);
    expect(after?.remaining).toBe(28 - weekdays.length);
  });
});

describe("the assistant's holiday tool", () => {
  it("gives the model each worker's figures in days, and never their rate or date of birth", async () => {
    const {
      manager,
      locationId,
      employees: [jane],
    } = await shopWith([JANE], { plan: "pro" });
    await savePay(manager, locationId, jane?.id ?? "", {
      hourly_rate: 13.37,
      date_of_birth: "1994-03-09",
      working_days_per_week: 5,
      employment_start_date: "2020-01-01",
    });
    const openai = await scriptOpenAi([
      { tool_calls: [{ name: "holiday_balances", arguments: {} }] },
      { content: "Jane Smith has 28 days left." },
    ]);
    const response = await openai.call("POST", "/api/ai-assistant/chat", {
      token: manager.token,
      body: { message: "How much holiday has Jane got left?" },
    });
    expect(response.body).toEqual({ response: "Jane Smith has 28 days left." });
    const requests = await openai.requests();
    const [result] = toolResults(requests[1]);
    const text = JSON.stringify(result);
    expect(text).toContain('"employee":"Jane Smith"');
    expect(text).toContain('"unit":"days"');
    expect(text).toContain('"entitlement":28');
    for (const secret of ["13.37", "1994-03-09", "hourly_rate", "date_of_birth"]) {
      expect(JSON.stringify(requests)).not.toContain(secret);
    }
  });
});
