import { describe, expect, it } from "vitest";
import type { StaffHoursResponse } from "../../worker/contracts/hours";
import type { PayRulesResponse } from "../../worker/contracts/pay";
import type { TimesheetResponse } from "../../worker/contracts/timesheets";
import { api } from "../support/api";
import { auditRowsFor, JANE, RAVI, shopWith } from "../support/kiosk";

// A location's pay schedule (docs/pay-and-compliance.md): weekly from Monday until changed; its pay periods
// join the Hours tab's and the Timesheets' period choices as pay_YYYY-MM-DD.

const FOUR_WEEKLY = { pay_frequency: "four_weekly", pay_anchor_date: "2025-09-01" };

describe("the pay schedule", () => {
  it("is weekly from Monday until a manager saves another, with this period and the earlier ones offered", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    const got = await api("GET", `/api/manager/pay-rules/${locationId}`, { token: manager.token });
    expect(got.status).toBe(200);
    const { pay_rules, pay_periods } = got.body as unknown as PayRulesResponse;
    expect(pay_rules).toEqual({
      location_id: locationId,
      pay_frequency: "weekly",
      pay_anchor_date: "2025-09-01",
      daily_overtime_after_hours: null,
      weekly_overtime_after_hours: null,
      overtime_multiplier: 1.5,
      premium_days: "none",
      premium_multiplier: 1.5,
      bank_holiday_region: "england-and-wales",
      rounding_minutes: null,
      pay_codes: { basic: "BASIC", overtime: "OVERTIME", premium: "PREMIUM", unpaid_break: "UNPAID_BREAK" },
      updated_at: null,
    });
    expect(pay_periods).toHaveLength(26);
    const [current, previous] = pay_periods;
    expect(current?.key).toBe(`pay_${current?.start_date}`);
    expect(new Date(`${current?.start_date}T12:00:00Z`).getUTCDay()).toBe(1);
    expect((previous?.end_date ?? "") < (current?.start_date ?? "")).toBe(true);
  });

  it("is saved on Pro, audited, and its periods answer in Staff Hours and Timesheets", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const saved = await api("PUT", `/api/manager/pay-rules/${locationId}`, {
      token: manager.token,
      body: FOUR_WEEKLY,
    });
    expect(saved.status).toBe(200);
    const { pay_rules, pay_periods } = saved.body as unknown as PayRulesResponse;
    expect(pay_rules).toMatchObject(FOUR_WEEKLY);
    const current = pay_periods[0];
    expect(
      pay_periods.every((p) => (Date.parse(p.end_date) - Date.parse(p.start_date)) / 86_400_000 === 27),
    ).toBe(true);
    expect(pay_periods.at(-1)?.start_date).toBe("2025-09-01");

    const hours = await api("GET", `/api/manager/staff-hours/${locationId}?period=${current?.key}`, {
      token: manager.token,
    });
    expect(hours.status).toBe(200);
    expect((hours.body as unknown as StaffHoursResponse).period_info).toMatchObject({
      period: current?.key,
      start_date: current?.start_date,
      end_date: current?.end_date,
    });
    const sheet = await api("GET", `/api/manager/timesheets/${locationId}?period=${current?.key}`, {
      token: manager.token,
    });
    expect((sheet.body as unknown as TimesheetResponse).employees[0]?.days).toHaveLength(28);

    const audit = (await auditRowsFor(locationId)).find((row) => row.action === "pay_rules_updated");
    expect(audit).toMatchObject({ action: "pay_rules_updated", userId: manager.id });
    expect(JSON.parse(audit?.afterJson ?? "{}")).toMatchObject(FOUR_WEEKLY);
  });

  it("refuses a date that starts no pay period, and one in the future", async () => {
    const { manager, locationId } = await shopWith([JANE]);
    for (const key of ["pay_2026-11-17", "pay_2099-01-05", "pay_2026-13-01"]) {
      const response = await api("GET", `/api/manager/staff-hours/${locationId}?period=${key}`, {
        token: manager.token,
      });
      expect(response.status).toBe(400);
      expect(String(response.body.detail)).toContain(`Unknown period "${key}"`);
    }
  });

  it("is changed only on Pro and Business, and checked", async () => {
    const starter = await shopWith([JANE]);
    const refused = await api("PUT", `/api/manager/pay-rules/${starter.locationId}`, {
      token: starter.manager.token,
      body: FOUR_WEEKLY,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        detail:
          "Pay periods, approval and payroll exports are available on the Pro and Business plans. Upgrade to unlock them.",
      },
    });
    const pro = await shopWith([JANE], { plan: "pro" });
    for (const [body, detail] of [
      [
        { pay_frequency: "monthly", pay_anchor_date: "2026-01-31" },
        "A monthly pay period must start on day 1 to 28",
      ],
      [{ pay_frequency: "daily", pay_anchor_date: "2026-01-05" }, "Pay frequency must be one of"],
      [{ pay_frequency: "weekly", pay_anchor_date: "05/01/2026" }, "anchor must be a date as YYYY-MM-DD"],
    ] as const) {
      const response = await api("PUT", `/api/manager/pay-rules/${pro.locationId}`, {
        token: pro.manager.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(String(response.body.detail)).toContain(detail);
    }
    const other = await api("GET", `/api/manager/pay-rules/${pro.locationId}`, {
      token: starter.manager.token,
    });
    expect(other.status).toBe(404);
  });

  it("keeps the overtime, premium-day, rounding and pay-code rules, each saved on its own", async () => {
    const { manager, locationId } = await shopWith([JANE], { plan: "pro" });
    const overtime = {
      ...FOUR_WEEKLY,
      daily_overtime_after_hours: 8,
      weekly_overtime_after_hours: 37.5,
      overtime_multiplier: 1.5,
      premium_days: "sundays_and_bank_holidays",
      premium_multiplier: 2,
      bank_holiday_region: "scotland",
      rounding_minutes: 15,
      pay_codes: { basic: "P001", overtime: "P002", premium: "P003", unpaid_break: "BRK" },
    };
    const saved = await api("PUT", `/api/manager/pay-rules/${locationId}`, {
      token: manager.token,
      body: overtime,
    });
    expect(saved.status).toBe(200);
    // Saving the schedule alone leaves the rest as it was.
    const again = await api("PUT", `/api/manager/pay-rules/${locationId}`, {
      token: manager.token,
      body: { pay_frequency: "weekly", pay_anchor_date: "2025-09-01" },
    });
    expect((again.body as unknown as PayRulesResponse).pay_rules).toMatchObject({
      ...overtime,
      pay_frequency: "weekly",
      pay_anchor_date: "2025-09-01",
    });
    for (const [body, detail] of [
      [{ daily_overtime_after_hours: 8.1 }, "Daily overtime must be from 0.25 to 24 hours, in quarter hours"],
      [{ overtime_multiplier: 0.5 }, "The overtime multiplier must be from 1 to 4"],
      [{ rounding_minutes: 10 }, "Rounding must be 1, 5 or 15 minutes"],
      [
        { pay_codes: { basic: "", overtime: "A", premium: "B", unpaid_break: "C" } },
        "A pay code cannot be empty",
      ],
    ] as const) {
      const response = await api("PUT", `/api/manager/pay-rules/${locationId}`, {
        token: manager.token,
        body: { ...FOUR_WEEKLY, ...body },
      });
      expect(response.status).toBe(400);
      expect(String(response.body.detail)).toContain(detail);
    }
  });
});

describe("an employee's pay terms", () => {
  it("hold a payroll ID unique at the location, contracted hours and an hourly rate, audited", async () => {
    const { manager, locationId, employees } = await shopWith([JANE, RAVI], { plan: "pro" });
    const [jane, ravi] = employees;
    const terms = { payroll_id: "W-0042", contracted_weekly_hours: 37.5, hourly_rate: 12.71 };
    const saved = await api("PUT", `/api/manager/employee-pay/${locationId}/${jane?.id}`, {
      token: manager.token,
      body: terms,
    });
    expect(saved).toMatchObject({ status: 200, body: { employee_pay: { employee_id: jane?.id, ...terms } } });
    const taken = await api("PUT", `/api/manager/employee-pay/${locationId}/${ravi?.id}`, {
      token: manager.token,
      body: { ...terms, payroll_id: "W-0042" },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { detail: "Another employee at this location has that payroll ID" },
    });
    const list = await api("GET", `/api/manager/employee-pay/${locationId}`, { token: manager.token });
    // The working-time and holiday facts (docs/compliance.md) were left out, so they keep their defaults.
    const workingTime = {
      date_of_birth: null,
      irregular_hours: false,
      opt_out_signed: null,
      opt_out_withdrawn: null,
      apprenticeship_start: null,
      accommodation_days_per_week: null,
      accommodation_weekly_charge: null,
      employment_start_date: null,
      employment_end_date: null,
      working_days_per_week: null,
    };
    expect(list.body.employee_pay).toEqual([{ employee_id: jane?.id, ...terms, ...workingTime }]);
    const audit = (await auditRowsFor(jane?.id ?? "")).find((row) => row.action === "pay_terms_updated");
    expect(JSON.parse(audit?.afterJson ?? "{}")).toEqual({ ...terms, ...workingTime });

    const bad = await api("PUT", `/api/manager/employee-pay/${locationId}/${ravi?.id}`, {
      token: manager.token,
      body: { payroll_id: "=cmd", contracted_weekly_hours: null, hourly_rate: 12.345 },
    });
    expect(bad.status).toBe(400);
    const starter = await shopWith([JANE]);
    const refused = await api(
      "PUT",
      `/api/manager/employee-pay/${starter.locationId}/${starter.employees[0]?.id}`,
      {
        token: starter.manager.token,
        body: terms,
      },
    );
    expect(refused.status).toBe(403);
    const theirs = await api("PUT", `/api/manager/employee-pay/${locationId}/${starter.employees[0]?.id}`, {
      token: manager.token,
      body: terms,
    });
    expect(theirs.status).toBe(404);
  });
});
