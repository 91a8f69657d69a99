import { describe, expect, it } from "vitest";
import { DEFAULT_PAYROLL_CODES } from "../../worker/contracts/payroll-settings";
import { parseCsv } from "../../worker/domain/csv";
import {
  PAYROLL_FORMATS,
  type PayrollEmployee,
  type PayrollFormat,
  paidHours,
  payrollExport,
  payrollExportProblem,
} from "../../worker/domain/payroll-exports";
import brightpay from "./fixtures/payroll/brightpay.golden.csv?raw";
import csv from "./fixtures/payroll/csv.golden.csv?raw";
import sage50 from "./fixtures/payroll/sage50.golden.csv?raw";
import staffology from "./fixtures/payroll/staffology.golden.csv?raw";
import xero from "./fixtures/payroll/xero.golden.csv?raw";
import { PAYROLL_FIXTURE } from "./payroll-exports.fixture";

// Each payroll export, byte for byte against its golden file (layouts and sources: docs/payroll-exports.md).
// The fixture's second employee is named like a spreadsheet formula: every file must neutralise it.

const GOLDEN: Record<PayrollFormat, string> = { brightpay, sage50, xero, staffology, csv };

describe("payroll exports", () => {
  it.each(PAYROLL_FORMATS)("%s matches its golden file byte for byte", (format) => {
    expect(payrollExport(format, PAYROLL_FIXTURE)).toBe(GOLDEN[format]);
  });

  it.each(PAYROLL_FORMATS)("%s writes no cell a spreadsheet would run as a formula", (format) => {
    for (const row of parseCsv(GOLDEN[format])) {
      // A negative number (a holiday balance below zero) is a number to a spreadsheet, not a formula.
      for (const cell of row.filter((c) => !/^-\d+\.\d\d$/.test(c))) {
        expect(cell, `${format}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    expect(GOLDEN.csv).toContain(",-2.50,");
    // Files that carry names carry the formula-like one neutralised; Sage and Staffology carry only payroll IDs.
    if (format !== "sage50" && format !== "staffology") expect(GOLDEN[format]).toContain(`'=HYPERLINK(`);
  });

  it("write vendor files without a byte order mark (Sage reads it as part of the first field), ours with one", () => {
    for (const format of PAYROLL_FORMATS) {
      expect(GOLDEN[format].startsWith("\uFEFF"), format).toBe(format === "csv");
      expect(GOLDEN[format].endsWith("\r\n"), format).toBe(true);
    }
  });

  it("round paid hours up to the hundredth, never paying less time than was worked", () => {
    expect([paidHours(60).text, paidHours(61).text, paidHours(440).text, paidHours(0).text]).toEqual([
      "1.00",
      "1.02",
      "7.34",
      "0.00",
    ]);
  });

  it("refuse what a payroll cannot import, saying how to fix it", () => {
    const noRate = {
      ...PAYROLL_FIXTURE,
      employees: PAYROLL_FIXTURE.employees.map((e) => ({
        ...e,
        hourlyRatePence: null,
        rolledUpHoliday: false,
      })),
    };
    expect(payrollExportProblem("staffology", noRate)).toBe(
      'Staffology is sent an amount for every line: add an hourly rate for Zoë Smith, =HYPERLINK("http://evil.example","Click").',
    );
    expect(payrollExportProblem("csv", noRate)).toBeNull();
    expect(payrollExportProblem("sage50", noRate)).toBeNull();
  });

  it("refuse rolled-up holiday pay without an hourly rate to take 12.07% of, in every format", () => {
    const input = {
      ...PAYROLL_FIXTURE,
      employees: PAYROLL_FIXTURE.employees.map((e) => ({ ...e, hourlyRatePence: null })),
    };
    for (const format of PAYROLL_FORMATS) {
      expect(payrollExportProblem(format, input), format).toBe(
        'Rolled-up holiday pay is 12.07% of pay: add an hourly rate for =HYPERLINK("http://evil.example","Click").',
      );
    }
  });

  it("refuse a Sage export naming whoever's payroll ID is not a Sage employee number", () => {
    const input = {
      ...PAYROLL_FIXTURE,
      employees: PAYROLL_FIXTURE.employees.map((e, i) => (i === 0 ? { ...e, payrollId: "W-7" } : e)),
    };
    expect(payrollExportProblem("sage50", input)).toBe(
      "Sage 50 Payroll's employee references are numbers: change the payroll ID in the Employees tab to the Sage employee number for: Zoë Smith (W-7).",
    );
    expect(payrollExportProblem("brightpay", input)).toBeNull();
  });

  it("refuse a format whose code for an element it cannot import, naming the element and the format", () => {
    const input = {
      ...PAYROLL_FIXTURE,
      formatCodes: {
        ...PAYROLL_FIXTURE.formatCodes,
        sage50: { ...DEFAULT_PAYROLL_CODES.sage50, overtime: "OVERTIME" },
      },
    };
    expect(payrollExportProblem("sage50", input)).toBe(
      'Sage 50 Payroll\'s code for overtime must be a Sage payment number, a whole number from 1 to 9999: "OVERTIME" is not. Change it in Payroll codes.',
    );
    expect(payrollExportProblem("xero", input)).toBeNull();
  });
});

describe("BrightPay's payments", () => {
  const zoe = PAYROLL_FIXTURE.employees[0] as PayrollEmployee;
  const withOvertime = (multiplier: number) => ({
    ...PAYROLL_FIXTURE,
    employees: [
      {
        ...zoe,
        summary: {
          ...zoe.summary,
          lines: zoe.summary.lines.map((l) => (l.element === "overtime" ? { ...l, multiplier } : l)),
        },
      },
    ],
  });

  it("put a multiplier without a column in a second payment at the rate × multiplier", () => {
    const rows = parseCsv(payrollExport("brightpay", withOvertime(1.75)));
    expect(payrollExportProblem("brightpay", withOvertime(1.75))).toBeNull();
    expect(rows[0]).toEqual([
      "Employee works number",
      "Employee name",
      "Description",
      "Number of normal hours",
      "Number of double time hours",
      "Payment 2 description",
      "Payment 2 rate per hour",
      "Payment 2 number of normal hours",
    ]);
    expect(rows[1]?.slice(3)).toEqual(["39.34", "4.00", "overtime ×1.75", "21.3675", "3.59"]);
  });

  it("put straight-time hours (×1) in the normal hours", () => {
    expect(parseCsv(payrollExport("brightpay", withOvertime(1)))[1]?.slice(3)).toEqual(["42.93", "4.00"]);
  });

  it("pay ×1.33 as a payment at the rate × 1.33, not in the time-and-a-third column, which pays ×1⅓", () => {
    const rows = parseCsv(payrollExport("brightpay", withOvertime(1.33)));
    expect(rows[0]).not.toContain("Number of time and a third hours");
    expect(rows[1]?.slice(3)).toEqual(["39.34", "4.00", "overtime ×1.33", "16.2393", "3.59"]);
  });

  it("put an element the account sends as a payment in a payment of its own", () => {
    const input = {
      ...PAYROLL_FIXTURE,
      formatCodes: {
        ...DEFAULT_PAYROLL_CODES,
        brightpay: { ...DEFAULT_PAYROLL_CODES.brightpay, premium: "payment" },
      },
    };
    const rows = parseCsv(payrollExport("brightpay", input));
    expect(rows[1]?.slice(3)).toEqual(["39.34", "3.59", "premium-day hours ×2", "24.42", "4.00"]);
  });
});
