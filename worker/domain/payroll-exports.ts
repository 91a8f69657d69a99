import {
  NEEDS_PAYROLL_ID,
  PAYROLL_FORMAT_NAMES,
  PAYROLL_FORMATS,
  type PayCodes,
  type PayrollFormat,
} from "../contracts/pay";
import { type CsvCell, ours, writeCsv } from "./csv";
import type { PayElement, PaySummary } from "./pay-elements";
import type { DateRange } from "./ranges";
import { formatDate } from "./time-zone";

// The formats and their names are the API's vocabulary (worker/contracts/pay.ts); re-exported for the
// domain's callers.
export { NEEDS_PAYROLL_ID, PAYROLL_FORMAT_NAMES, PAYROLL_FORMATS, type PayrollFormat };

// Payroll exports: an approved pay period's pay elements in the files UK payroll software imports.
// Each layout, its source and what could not be confirmed: docs/payroll-exports.md. Pure: the caller has
// checked the period is approved and, for a format that matches on one, every employee has a payroll ID.
//
// Hours are decimal with two places. A paid element is rounded UP to the next hundredth of an hour, so a
// payroll paying hours × rate never pays for less time than was worked (at most 36 seconds more); unpaid
// break is rounded to the nearest. Amounts come from the exact minutes. Names are untrusted text and go
// through the CSV formula guard; codes and figures are ours.

/** The refusal when a format needs payroll IDs that these employees lack. */
export const missingPayrollIdsDetail = (names: readonly string[]) =>
  `Add a payroll ID (works number) in the Employees tab for: ${names.join(", ")}.`;

export type PayrollEmployee = {
  payrollId: string;
  name: string;
  hourlyRatePence: number | null;
  summary: PaySummary;
  /** An irregular-hours worker's holiday (docs/compliance.md): accrued in this pay period, and the balance after it. */
  holiday?: { accruedHours: number; balanceHours: number };
};

export type PayrollExportInput = {
  period: DateRange;
  employees: readonly PayrollEmployee[];
  codes: PayCodes;
};

/** Why a format cannot be written for these employees (the manager can fix it), or null. */
export function payrollExportProblem(format: PayrollFormat, input: PayrollExportInput): string | null {
  if (format === "brightpay") {
    const unknown = new Set<number>();
    for (const e of input.employees) {
      for (const line of e.summary.lines) {
        if (
          line.element !== "unpaid_break" &&
          line.element !== "basic" &&
          !brightPayColumn(line.multiplier)
        ) {
          unknown.add(line.multiplier);
        }
      }
    }
    if (unknown.size > 0) {
      return `BrightPay has no hours column for ×${[...unknown].join(", ×")}: use ×1.25, ×1.5, ×2, ×3 or ×4, or export the Clocked payroll CSV.`;
    }
  }
  if (format === "staffology") {
    const missing = input.employees.filter((e) => e.hourlyRatePence === null && paidMinutes(e.summary) > 0);
    if (missing.length > 0) {
      return `Staffology needs an amount on every line: add an hourly rate for ${missing.map((e) => e.name).join(", ")}.`;
    }
  }
  return null;
}

export function payrollExport(format: PayrollFormat, input: PayrollExportInput): string {
  switch (format) {
    case "brightpay":
      return brightPay(input);
    case "sage50":
      return sage50(input);
    case "xero":
      return xero(input);
    case "staffology":
      return staffology(input);
    case "csv":
      return generic(input);
  }
}

const PAID: readonly PayElement[] = ["basic", "overtime", "premium"];

const paidMinutes = (summary: PaySummary) => PAID.reduce((sum, element) => sum + summary.totals[element], 0);

/** "7.50": minutes as hours; paid time rounded up to the hundredth, never below what was worked. */
export const paidHours = (minutes: number) => ours((Math.ceil((minutes * 100) / 60) / 100).toFixed(2));
const breakHours = (minutes: number) => ours((Math.round((minutes * 100) / 60) / 100).toFixed(2));
const pounds = (pence: number) => ours((pence / 100).toFixed(2));

/** The element's rate in pounds: base × multiplier, two places, or up to four for a fraction of a penny. */
function rate(pence: number, multiplier: number) {
  const value = (pence * multiplier) / 100;
  const text = value.toFixed(4).replace(/0{1,2}$/, "");
  return ours(text);
}

const description = (input: PayrollExportInput) =>
  `Clocked ${formatDate(input.period.startDate)} - ${formatDate(input.period.endDate)}`;

// --- BrightPay: one row per employee, hours by multiplier column (docs/payroll-exports.md §1) ---

const BRIGHTPAY_COLUMNS: readonly { multiplier: number; heading: string }[] = [
  { multiplier: 1.25, heading: "Number of time and a quarter hours" },
  { multiplier: 4 / 3, heading: "Number of time and a third hours" },
  { multiplier: 1.5, heading: "Number of time and a half hours" },
  { multiplier: 2, heading: "Number of double time hours" },
  { multiplier: 3, heading: "Number of triple time hours" },
  { multiplier: 4, heading: "Number of quadruple time hours" },
];

const brightPayColumn = (multiplier: number) =>
  BRIGHTPAY_COLUMNS.find((column) => Math.abs(column.multiplier - multiplier) < 0.005);

function brightPay(input: PayrollExportInput): string {
  // The columns the period needs: every multiplier any employee's overtime or premium is paid at.
  const used = BRIGHTPAY_COLUMNS.filter((column) =>
    input.employees.some((e) =>
      e.summary.lines.some(
        (l) =>
          l.element !== "basic" && l.element !== "unpaid_break" && brightPayColumn(l.multiplier) === column,
      ),
    ),
  );
  const rows: CsvCell[][] = [
    [
      "Employee works number",
      "Employee name",
      "Description",
      "Number of normal hours",
      ...used.map((c) => c.heading),
    ].map(ours),
  ];
  for (const e of input.employees) {
    if (paidMinutes(e.summary) === 0) continue;
    const minutesAt = (column: (typeof BRIGHTPAY_COLUMNS)[number]) =>
      e.summary.lines
        .filter(
          (l) =>
            l.element !== "basic" && l.element !== "unpaid_break" && brightPayColumn(l.multiplier) === column,
        )
        .reduce((sum, l) => sum + l.minutes, 0);
    rows.push([
      e.payrollId,
      e.name,
      ours(description(input)),
      paidHours(e.summary.totals.basic),
      ...used.map((column) => paidHours(minutesAt(column))),
    ]);
  }
  return writeCsv(rows, { bom: false });
}

// --- Sage 50 Payroll: no header, one payment a line (§2) ---

function sage50(input: PayrollExportInput): string {
  const rows: CsvCell[][] = [];
  for (const e of input.employees) {
    for (const line of e.summary.lines) {
      if (line.element === "unpaid_break") continue;
      rows.push([
        ours("2"),
        e.payrollId,
        input.codes[line.element],
        "",
        "",
        paidHours(line.minutes),
        e.hourlyRatePence === null ? "" : rate(e.hourlyRatePence, line.multiplier),
      ]);
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Xero Payroll UK through a CSV bridge: a line per employee, day and earnings rate (§3) ---

function xero(input: PayrollExportInput): string {
  const rows: CsvCell[][] = [["full_name", "date", "hours", "type"].map(ours)];
  for (const e of input.employees) {
    for (const day of e.summary.days) {
      for (const element of PAID) {
        if (day[element] > 0)
          rows.push([e.name, ours(day.date), paidHours(day[element]), input.codes[element]]);
      }
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Staffology: row-based payment amounts, basic first (§4) ---

function staffology(input: PayrollExportInput): string {
  const rows: CsvCell[][] = [["Payroll Code", "Pay Code", "Hours", "Amount", "Note"].map(ours)];
  for (const e of input.employees) {
    for (const line of e.summary.lines) {
      if (line.element === "unpaid_break") continue;
      rows.push([
        e.payrollId,
        input.codes[line.element],
        paidHours(line.minutes),
        line.amountPence === null ? "" : pounds(line.amountPence),
        ours(description(input)),
      ]);
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Clocked's own: one row per employee per pay element, documented in full (§5) ---

function generic(input: PayrollExportInput): string {
  const rows: CsvCell[][] = [
    [
      "payroll_id",
      "employee_name",
      "period_start",
      "period_end",
      "pay_element",
      "pay_code",
      "hours",
      "rate_gbp",
      "amount_gbp",
    ].map(ours),
  ];
  for (const e of input.employees) {
    for (const line of e.summary.lines) {
      const unpaid = line.element === "unpaid_break";
      rows.push([
        e.payrollId,
        e.name,
        ours(input.period.startDate),
        ours(input.period.endDate),
        ours(line.element),
        input.codes[line.element],
        unpaid ? breakHours(line.minutes) : paidHours(line.minutes),
        unpaid || e.hourlyRatePence === null ? "" : rate(e.hourlyRatePence, line.multiplier),
        unpaid || line.amountPence === null ? "" : pounds(line.amountPence),
      ]);
    }
    if (e.holiday) {
      for (const [element, hours] of [
        ["holiday_accrued", e.holiday.accruedHours],
        ["holiday_balance", e.holiday.balanceHours],
      ] as const) {
        const period = [ours(input.period.startDate), ours(input.period.endDate)];
        rows.push([e.payrollId, e.name, ...period, ours(element), "", ours(hours.toFixed(2)), "", ""]);
      }
    }
  }
  return writeCsv(rows);
}
