import { describe, expect, it } from "vitest";
import { parseCsv } from "../../worker/domain/csv";
import {
  PAYROLL_FORMATS,
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
      employees: PAYROLL_FIXTURE.employees.map((e) => ({ ...e, hourlyRatePence: null })),
    };
    expect(payrollExportProblem("staffology", noRate)).toBe(
      'Staffology needs an amount on every line: add an hourly rate for Zoë Smith, =HYPERLINK("http://evil.example","Click").',
    );
    expect(payrollExportProblem("csv", noRate)).toBeNull();
    const odd = {
      ...PAYROLL_FIXTURE,
      employees: PAYROLL_FIXTURE.employees.map((e) => ({
        ...e,
        summary: {
          ...e.summary,
          lines: e.summary.lines.map((l) => ({
            ...l,
            multiplier: l.element === "overtime" ? 1.75 : l.multiplier,
          })),
        },
      })),
    };
    expect(payrollExportProblem("brightpay", odd)).toBe(
      "BrightPay has no hours column for ×1.75: use ×1.25, ×1.5, ×2, ×3 or ×4, or export the Clocked payroll CSV.",
    );
  });
});
