import { describe, expect, it } from "vitest";
import { DEFAULT_PAYROLL_CODES } from "../../worker/contracts/payroll-settings";
import { parseCsv } from "../../worker/domain/csv";
import { api } from "../support/api";
import { download } from "../support/hours";
import { JANE, shopWith } from "../support/kiosk";
import { approve, exportOf, LAST_PERIOD, setPay, shopWithAWeek } from "../support/payroll";

// The account's pay codes per payroll format and rolled-up holiday pay (docs/payroll-exports.md), from
// saving them to the files they shape.

const settings = (token: string, body?: object) =>
  api(body ? "PUT" : "GET", "/api/manager/payroll-settings", { token, body });

describe("payroll settings", () => {
  it("start with codes each format imports as they are, and keep what a save leaves out", async () => {
    const { manager } = await shopWith([JANE], { plan: "pro" });
    expect((await settings(manager.token)).body).toEqual({
      payroll_settings: { rolled_up_holiday_pay: false, codes: DEFAULT_PAYROLL_CODES },
    });
    const saved = await settings(manager.token, {
      codes: { sage50: { basic: "10", overtime: "11", premium: "12", rolled_up_holiday: "13" } },
    });
    expect(saved.status).toBe(200);
    const again = await settings(manager.token, { rolled_up_holiday_pay: true });
    expect(again.body.payroll_settings).toEqual({
      rolled_up_holiday_pay: true,
      codes: {
        ...DEFAULT_PAYROLL_CODES,
        sage50: { basic: "10", overtime: "11", premium: "12", rolled_up_holiday: "13" },
      },
    });
  });

  it("refuse a code the format cannot import, naming the element and the format", async () => {
    const { manager } = await shopWith([JANE], { plan: "pro" });
    const refused = await settings(manager.token, {
      codes: { sage50: { basic: "1", overtime: "OVERTIME", premium: "3", rolled_up_holiday: "4" } },
    });
    expect(refused.status).toBe(400);
    expect(String(refused.body.detail)).toContain(
      `Sage 50 Payroll's code for overtime must be a Sage payment number, a whole number from 1 to 9999: "OVERTIME" is not`,
    );
    const brightpay = await settings(manager.token, {
      codes: {
        brightpay: { basic: "payment", overtime: "column", premium: "column", rolled_up_holiday: "payment" },
      },
    });
    expect(brightpay.status).toBe(400);
    expect(String(brightpay.body.detail)).toContain(
      `BrightPay's code for basic hours must be "column": normal hours`,
    );
    expect((await settings(manager.token)).body).toEqual({
      payroll_settings: { rolled_up_holiday_pay: false, codes: DEFAULT_PAYROLL_CODES },
    });
  });

  it("are changed on Pro or Business only", async () => {
    const { manager } = await shopWith([JANE]);
    expect((await settings(manager.token)).status).toBe(200);
    expect((await settings(manager.token, { rolled_up_holiday_pay: true })).status).toBe(403);
  });
});

describe("the payroll files, with the account's settings", () => {
  it("refuse Sage 50 while a payroll ID is not a Sage employee number, naming the employees", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAWeek();
    await setPay(manager, locationId, jane, "W-7", 12.21);
    await setPay(manager, locationId, ravi, "1043", 11.44);
    expect((await approve(manager, locationId)).status).toBe(200);
    expect(await exportOf(manager, locationId, "sage50")).toMatchObject({
      status: 409,
      body: {
        detail:
          "Sage 50 Payroll's employee references are numbers: change the payroll ID in the Employees tab to the Sage employee number for: Jane Smith (W-7).",
      },
    });
    const staffology = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=staffology`,
    );
    expect(staffology.status).toBe(200);
  });

  it("write each format's own codes, and rolled-up holiday pay for irregular-hours workers when chosen", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAWeek();
    await setPay(manager, locationId, jane, "1042", 12.21);
    await api("PUT", `/api/manager/employee-pay/${locationId}/${ravi}`, {
      token: manager.token,
      body: { payroll_id: "1043", contracted_weekly_hours: null, hourly_rate: 11.44, irregular_hours: true },
    });
    expect((await approve(manager, locationId)).status).toBe(200);
    await settings(manager.token, {
      rolled_up_holiday_pay: true,
      codes: { sage50: { basic: "1", overtime: "7", premium: "3", rolled_up_holiday: "21" } },
    });
    const file = (format: string) =>
      download(manager, `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=${format}`);
    // Jane: 8 h at £12.21 and 2 h of overtime at ×1.5 (£18.315: left to Sage's factor); Ravi: 6 h at £11.44
    // and 12.07% of £68.64 = £8.28 as one unit of a sum.
    expect(parseCsv((await file("sage50")).text)).toEqual([
      ["2", "1042", "1", "", "", "8.00", "12.21"],
      ["2", "1042", "7", "", "", "2.00", ""],
      ["2", "1043", "1", "", "", "6.00", "11.44"],
      ["2", "1043", "21", "", "", "1.00", "8.28"],
    ]);
    const staffology = parseCsv((await file("staffology")).text);
    expect(staffology.map((row) => row.slice(0, 3))).toEqual([
      ["Payroll Code", "Pay Code", "Amount"],
      ["1042", "BASIC", "97.68"],
      ["1042", "OVERTIME", "36.63"],
      ["1043", "BASIC", "68.64"],
      ["1043", "ROLLEDUPHOL", "8.28"],
    ]);
    // Clocked's own CSV keeps the location's codes.
    const generic = parseCsv((await file("csv")).text);
    expect(generic.slice(1, 5).map((row) => [row[0], row[4], row[5], row[8]])).toEqual([
      ["1042", "basic", "BASIC", "97.68"],
      ["1042", "overtime", "OT", "36.63"],
      ["1043", "basic", "BASIC", "68.64"],
      ["1043", "rolled_up_holiday", "ROLLED_UP_HOLIDAY", "8.28"],
    ]);
  });

  it("leave rolled-up holiday pay out in Northern Ireland, where it is not allowed", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAWeek();
    await setPay(manager, locationId, jane, "1042", 12.21);
    await api("PUT", `/api/manager/employee-pay/${locationId}/${ravi}`, {
      token: manager.token,
      body: { payroll_id: "1043", contracted_weekly_hours: null, hourly_rate: 11.44, irregular_hours: true },
    });
    await api("PUT", `/api/manager/pay-rules/${locationId}`, {
      token: manager.token,
      body: {
        pay_frequency: "weekly",
        pay_anchor_date: "2025-09-01",
        bank_holiday_region: "northern-ireland",
      },
    });
    expect((await approve(manager, locationId)).status).toBe(200);
    await settings(manager.token, { rolled_up_holiday_pay: true });
    const file = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=csv`,
    );
    expect(file.text).not.toContain("rolled_up_holiday");
    expect(file.text).toContain("1043");
  });
});
