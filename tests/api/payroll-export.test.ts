import { describe, expect, it } from "vitest";
import { parseCsv } from "../../worker/domain/csv";
import { accruedHolidayMinutes } from "../../worker/domain/holiday-accrual";
import { api } from "../support/api";
import { download } from "../support/hours";
import { JANE, shopWith } from "../support/kiosk";
import { approve, exportOf, LAST_PERIOD, setPay, shopWithAWeek } from "../support/payroll";

// Payroll exports end to end (docs/pay-and-compliance.md): an approved pay period, corrected hours split by
// the location's overtime rules, each employee matched by payroll ID.

describe("the payroll export", () => {
  it("is refused until the period is approved, then until everyone paid has a payroll ID", async () => {
    const { manager, locationId, jane } = await shopWithAWeek();
    expect(await exportOf(manager, locationId, "brightpay")).toMatchObject({
      status: 409,
      body: { detail: "Approve this pay period before exporting it to payroll." },
    });
    expect((await approve(manager, locationId)).status).toBe(200);
    await setPay(manager, locationId, jane, "1042", 12.21);
    expect(await exportOf(manager, locationId, "brightpay")).toMatchObject({
      status: 409,
      body: { detail: "Add a payroll ID (works number) in the Employees tab for: Ravi Kumar." },
    });
  });

  it("needs a payroll ID only for the formats whose payroll matches on one", async () => {
    const { manager, locationId, jane } = await shopWithAWeek();
    await setPay(manager, locationId, jane, "1042", 12.21);
    expect((await approve(manager, locationId)).status).toBe(200);
    // Ravi has no payroll ID (nor a rate).
    for (const format of ["brightpay", "sage50", "staffology"]) {
      expect(await exportOf(manager, locationId, format), format).toMatchObject({
        status: 409,
        body: { detail: "Add a payroll ID (works number) in the Employees tab for: Ravi Kumar." },
      });
    }
    const generic = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=csv`,
    );
    expect(generic.status).toBe(200);
    expect(
      parseCsv(generic.text)
        .slice(1)
        .map((row) => [row[0], row[1], row[4], row[6]]),
    ).toEqual([
      ["1042", "Jane Smith", "basic", "8.00"],
      ["1042", "Jane Smith", "overtime", "2.00"],
      ["", "Ravi Kumar", "basic", "6.00"],
    ]);
    // Xero's bridges match on the name.
    const xero = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=xero`,
    );
    expect(xero.status).toBe(200);
    expect(parseCsv(xero.text).some((row) => row[0] === "Ravi Kumar")).toBe(true);
    // The timesheet says who has none, for the dashboard's link to them.
    const sheet = await api("GET", `/api/manager/timesheets/${locationId}?period=${LAST_PERIOD}`, {
      token: manager.token,
    });
    const ids = (sheet.body.employees as { name: string; payroll_id: string | null }[]).map((e) => [
      e.name,
      e.payroll_id,
    ]);
    expect(ids.sort()).toEqual([
      ["Jane Smith", "1042"],
      ["Ravi Kumar", null],
    ]);
  });

  it("writes each format from the approved, corrected hours, split by the overtime rules", async () => {
    const { manager, locationId, jane, ravi } = await shopWithAWeek();
    await setPay(manager, locationId, jane, "1042", 12.21);
    await setPay(manager, locationId, ravi, "1043", 11.44);
    expect((await approve(manager, locationId)).status).toBe(200);

    const file = await download(
      manager,
      `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=brightpay`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain(
      `brightpay_${LAST_PERIOD.replace("-", "").replace("-", "")}`,
    );
    expect(parseCsv(file.text)).toEqual([
      [
        "Employee works number",
        "Employee name",
        "Description",
        "Number of normal hours",
        "Number of time and a half hours",
      ],
      ["1042", "Jane Smith", expect.stringMatching(/^Clocked /), "8.00", "2.00"],
      ["1043", "Ravi Kumar", expect.stringMatching(/^Clocked /), "6.00", "0.00"],
    ]);
    const generic = parseCsv(
      (await download(manager, `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=csv`))
        .text,
    );
    expect(generic.slice(1).map((row) => [row[0], row[4], row[5], row[6], row[8]])).toEqual([
      ["1042", "basic", "BASIC", "8.00", "97.68"],
      ["1042", "overtime", "OT", "2.00", "36.63"],
      ["1043", "basic", "BASIC", "6.00", "68.64"],
    ]);
    // Ravi works irregular hours: the Clocked CSV adds his holiday, 12.07% of the period's 6 hours
    // (docs/compliance.md).
    await api("PUT", `/api/manager/employee-pay/${locationId}/${ravi}`, {
      token: manager.token,
      body: { payroll_id: "1043", contracted_weekly_hours: null, hourly_rate: 11.44, irregular_hours: true },
    });
    const withHoliday = parseCsv(
      (await download(manager, `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=csv`))
        .text,
    );
    const accrued = (accruedHolidayMinutes(360) / 60).toFixed(2);
    expect(withHoliday.slice(4).map((row) => [row[0], row[4], row[5], row[6]])).toEqual([
      ["1043", "holiday_accrued", "", accrued],
      ["1043", "holiday_balance", "", accrued],
    ]);
    for (const format of ["sage50", "xero", "staffology"]) {
      const other = await download(
        manager,
        `/api/manager/payroll-export/${locationId}?period=${LAST_PERIOD}&format=${format}`,
      );
      expect(other.status, format).toBe(200);
      expect(other.text, format).toContain(format === "xero" ? "Jane Smith" : "1042");
    }
  });

  it("needs Pro or Business, a pay period, a known format, and the caller's own location", async () => {
    const { manager, locationId } = await shopWithAWeek();
    expect((await exportOf(manager, locationId, "quickbooks")).status).toBe(400);
    expect((await exportOf(manager, locationId, "csv", "this_week")).status).toBe(400);
    const starter = await shopWith([JANE]);
    expect((await exportOf(starter.manager, starter.locationId, "csv")).status).toBe(403);
    expect((await exportOf(starter.manager, locationId, "csv")).status).toBe(404);
  });
});
