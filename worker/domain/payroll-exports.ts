import {
  NEEDS_PAYROLL_ID,
  PAYROLL_FORMAT_NAMES,
  PAYROLL_FORMATS,
  type PayCodes,
  type PayrollFormat,
} from "../contracts/pay";
import {
  EXPORT_ELEMENT_NAMES,
  type FormatCodes,
  formatCodesProblem,
  type PayrollCodes,
} from "../contracts/payroll-settings";
import { type CsvCell, ours, writeCsv } from "./csv";
import type { PayElement, PaySummary } from "./pay-elements";
import { dailyHundredths, exportLines, hundredthsOf, rateText, twoPlaces, wholePence } from "./payroll-lines";
import type { DateRange } from "./ranges";
import { formatDate } from "./time-zone";

// The formats and their names are the API's vocabulary (worker/contracts/pay.ts); re-exported for the
// domain's callers.
export { NEEDS_PAYROLL_ID, PAYROLL_FORMAT_NAMES, PAYROLL_FORMATS, type PayrollFormat };

// Payroll exports: an approved pay period's pay in the files UK payroll software imports. Each layout, its
// source and what could not be confirmed: docs/payroll-exports.md. Pure: the caller has checked the period is
// approved and, for a format that matches on one, every employee has a payroll ID. Hours and amounts come
// from payroll-lines.ts, so every file carries the same hours and the same gross. Names are untrusted text
// and go through the CSV formula guard; codes and figures are ours.

/** The refusal when a format needs payroll IDs that these employees lack. */
export const missingPayrollIdsDetail = (names: readonly string[]) =>
  `Add a payroll ID (works number) in the Employees tab for: ${names.join(", ")}.`;

/** Sage 50 Payroll's employee references are numbers: the refusal naming whose payroll ID is not one. */
export const sageReferencesDetail = (names: readonly string[]) =>
  `Sage 50 Payroll's employee references are numbers: change the payroll ID in the Employees tab to the Sage employee number for: ${names.join(", ")}.`;

export const isSageReference = (payrollId: string) => /^\d{1,10}$/.test(payrollId);

export type PayrollEmployee = {
  payrollId: string;
  name: string;
  hourlyRatePence: number | null;
  summary: PaySummary;
  /** Rolled-up holiday pay is paid to this employee: the account pays it and they qualify (docs/payroll-exports.md). */
  rolledUpHoliday?: boolean;
  /** An irregular-hours worker's holiday (docs/compliance.md): accrued in this pay period, and the balance after it. */
  holiday?: { accruedHours: number; balanceHours: number };
};

export type PayrollExportInput = {
  period: DateRange;
  employees: readonly PayrollEmployee[];
  /** The location's pay codes: Clocked's own CSV writes them. */
  codes: PayCodes;
  /** The account's codes for each vendor format. */
  formatCodes: PayrollCodes;
};

const linesOf = (e: PayrollEmployee) => exportLines(e.summary, e.hourlyRatePence, e.rolledUpHoliday === true);

/** Why a format cannot be written for these employees (the manager can fix it), or null. */
export function payrollExportProblem(format: PayrollFormat, input: PayrollExportInput): string | null {
  const names = (list: readonly PayrollEmployee[]) => list.map((e) => e.name).join(", ");
  const noRateForRolledUp = input.employees.filter((e) => e.rolledUpHoliday && e.hourlyRatePence === null);
  if (noRateForRolledUp.length > 0) {
    return `Rolled-up holiday pay is 12.07% of pay: add an hourly rate for ${names(noRateForRolledUp)}.`;
  }
  if (format === "csv") return null;
  const codesProblem = formatCodesProblem(format, input.formatCodes[format]);
  if (codesProblem) return `${codesProblem}. Change it in Payroll codes.`;
  if (format === "sage50") {
    const bad = input.employees.filter((e) => !isSageReference(e.payrollId));
    if (bad.length > 0) return sageReferencesDetail(bad.map((e) => `${e.name} (${e.payrollId})`));
  }
  if (format === "staffology") {
    const missing = input.employees.filter((e) => e.hourlyRatePence === null);
    if (missing.length > 0) {
      return `Staffology is sent an amount for every line: add an hourly rate for ${names(missing)}.`;
    }
  }
  if (format === "brightpay") {
    const missing = input.employees.filter(
      (e) => e.hourlyRatePence === null && brightPayPayments(e, input.formatCodes.brightpay).extra.length > 0,
    );
    if (missing.length > 0) {
      return `BrightPay needs the rate per hour of a payment of its own: add an hourly rate for ${names(missing)}.`;
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

const PAID: readonly ("basic" | "overtime" | "premium")[] = ["basic", "overtime", "premium"];

/** "7.50": minutes as hours, rounded up to the hundredth as every file rounds them. */
export const paidHours = (minutes: number) => ours(twoPlaces(hundredthsOf(minutes)));
const breakHours = (minutes: number) => ours((Math.round((minutes * 100) / 60) / 100).toFixed(2));
const money = (pence: number) => ours(twoPlaces(pence));

const description = (input: PayrollExportInput) =>
  `Clocked ${formatDate(input.period.startDate)} - ${formatDate(input.period.endDate)}`;

// --- BrightPay: one row per employee; hours by multiplier column, other payments beside (§1) ---

const BRIGHTPAY_COLUMNS: readonly { multiplier: number; heading: string }[] = [
  { multiplier: 1.25, heading: "Number of time and a quarter hours" },
  { multiplier: 1.5, heading: "Number of time and a half hours" },
  { multiplier: 2, heading: "Number of double time hours" },
  { multiplier: 3, heading: "Number of triple time hours" },
  { multiplier: 4, heading: "Number of quadruple time hours" },
];

// BrightPay's time-and-a-third column pays ×1.3333…, but Clocked's multipliers have two decimals: a saved 1.33
// goes in a payment of its own at the rate × 1.33, so BrightPay's gross is every other file's.
const brightPayColumn = (multiplier: number) =>
  BRIGHTPAY_COLUMNS.find((column) => Math.abs(column.multiplier - multiplier) < 1e-9);

type ExtraPayment = { description: string; rate: string; hours: string };

/** Where an employee's lines go in BrightPay: hundredths per column of the first payment, and other payments. */
function brightPayPayments(e: PayrollEmployee, codes: FormatCodes) {
  const normal = { hundredths: 0 };
  const columns = new Map<(typeof BRIGHTPAY_COLUMNS)[number], number>();
  const extra: ExtraPayment[] = [];
  for (const line of linesOf(e)) {
    if (line.element === "rolled_up_holiday") {
      // An amount: one unit at the amount, as Sage's and BrightPay's hourly payments take a sum.
      extra.push({
        description: "Rolled-up holiday pay",
        rate: twoPlaces(line.amountPence ?? 0),
        hours: "1.00",
      });
      continue;
    }
    const hundredths = line.hundredths ?? 0;
    const column = brightPayColumn(line.multiplier);
    if (line.element === "basic" || (line.multiplier === 1 && codes[line.element] === "column")) {
      normal.hundredths += hundredths;
    } else if (column && codes[line.element] === "column") {
      columns.set(column, (columns.get(column) ?? 0) + hundredths);
    } else {
      extra.push({
        description: `${EXPORT_ELEMENT_NAMES[line.element]} ×${line.multiplier}`,
        rate: e.hourlyRatePence === null ? "" : rateText(e.hourlyRatePence, line.multiplier),
        hours: twoPlaces(hundredths),
      });
    }
  }
  return { normal: normal.hundredths, columns, extra };
}

function brightPay(input: PayrollExportInput): string {
  const codes = input.formatCodes.brightpay;
  const payments = input.employees.map((e) => ({ e, ...brightPayPayments(e, codes) }));
  const used = BRIGHTPAY_COLUMNS.filter((column) => payments.some((p) => p.columns.has(column)));
  const extras = Math.max(0, ...payments.map((p) => p.extra.length));
  const extraHeadings = Array.from({ length: extras }, (_, i) => [
    `Payment ${i + 2} description`,
    `Payment ${i + 2} rate per hour`,
    `Payment ${i + 2} number of normal hours`,
  ]).flat();
  const rows: CsvCell[][] = [
    [
      "Employee works number",
      "Employee name",
      "Description",
      "Number of normal hours",
      ...used.map((c) => c.heading),
      ...extraHeadings,
    ].map(ours),
  ];
  for (const { e, normal, columns, extra } of payments) {
    if (paidMinutes(e.summary) === 0) continue;
    rows.push([
      e.payrollId,
      e.name,
      ours(description(input)),
      ours(twoPlaces(normal)),
      ...used.map((column) => ours(twoPlaces(columns.get(column) ?? 0))),
      ...Array.from({ length: extras }, (_, i) => {
        const payment = extra[i];
        return payment ? [ours(payment.description), ours(payment.rate), ours(payment.hours)] : ["", "", ""];
      }).flat(),
    ]);
  }
  return writeCsv(rows, { bom: false });
}

const paidMinutes = (summary: PaySummary) => PAID.reduce((sum, element) => sum + summary.totals[element], 0);

// --- Sage 50 Payroll: no header, one payment a line (§2) ---

function sage50(input: PayrollExportInput): string {
  const codes = input.formatCodes.sage50;
  const rows: CsvCell[][] = [];
  for (const e of input.employees) {
    const rate = e.hourlyRatePence;
    for (const line of linesOf(e)) {
      const payment = ours(codes[line.element]);
      if (line.element === "rolled_up_holiday") {
        // A sum: one unit at the amount (Sage's own advice for a sum in Enter Payments).
        rows.push([ours("2"), e.payrollId, payment, "", "", ours("1.00"), money(line.amountPence ?? 0)]);
        continue;
      }
      // Sage documents no rate beyond pence: a rate with a fraction of a penny is left to the payment's
      // factor (×multiplier of the basic payment) in Sage.
      const written =
        rate !== null && wholePence(rate, line.multiplier) ? rateText(rate, line.multiplier) : "";
      rows.push([
        ours("2"),
        e.payrollId,
        payment,
        "",
        "",
        ours(twoPlaces(line.hundredths ?? 0)),
        ours(written),
      ]);
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Xero Payroll UK through a CSV bridge: a line per employee, day and earnings rate (§3) ---

function xero(input: PayrollExportInput): string {
  const codes = input.formatCodes.xero;
  const rows: CsvCell[][] = [["full_name", "date", "hours", "type"].map(ours)];
  for (const e of input.employees) {
    const byDay = PAID.flatMap((element) =>
      dailyHundredths(e.summary.days, element).map((day) => ({ ...day, element })),
    ).sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : PAID.indexOf(a.element) - PAID.indexOf(b.element),
    );
    for (const day of byDay) {
      rows.push([e.name, ours(day.date), ours(twoPlaces(day.hundredths)), ours(codes[day.element])]);
    }
    const rolledUp = linesOf(e).find((line) => line.element === "rolled_up_holiday");
    if (rolledUp) {
      // Units of £1.00 (a "rate per unit" earnings rate at £1): the bridge carries units, not amounts.
      rows.push([
        e.name,
        ours(input.period.endDate),
        money(rolledUp.amountPence ?? 0),
        ours(codes.rolled_up_holiday),
      ]);
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Staffology: row-based payment amounts, an amount alone on every line, basic first (§4) ---

function staffology(input: PayrollExportInput): string {
  const codes = input.formatCodes.staffology;
  const rows: CsvCell[][] = [["Payroll Code", "Pay Code", "Amount", "Note"].map(ours)];
  for (const e of input.employees) {
    const lines = linesOf(e);
    const gross = lines.reduce(
      (sum, l) => sum + (l.element === "rolled_up_holiday" ? 0 : (l.amountPence ?? 0)),
      0,
    );
    for (const line of lines) {
      const rate = e.hourlyRatePence ?? 0;
      // The hours travel in the note, for whoever checks the payslip; Staffology reads only the amount.
      const basis =
        line.hundredths === null
          ? `12.07% of £${twoPlaces(gross)}`
          : `${twoPlaces(line.hundredths)} h × £${rateText(rate, line.multiplier)}`;
      rows.push([
        e.payrollId,
        ours(codes[line.element]),
        money(line.amountPence ?? 0),
        ours(`${basis}, ${description(input)}`),
      ]);
    }
  }
  return writeCsv(rows, { bom: false });
}

// --- Clocked's own: one row per employee per pay element, documented in full (§5) ---

/** Clocked's own code for rolled-up holiday pay: the location's pay codes predate it. */
export const ROLLED_UP_HOLIDAY_CODE = "ROLLED_UP_HOLIDAY";

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
    const period = [ours(input.period.startDate), ours(input.period.endDate)];
    const rate = e.hourlyRatePence;
    for (const line of linesOf(e)) {
      const rolledUp = line.element === "rolled_up_holiday";
      rows.push([
        e.payrollId,
        e.name,
        ...period,
        ours(line.element),
        ours(rolledUp ? ROLLED_UP_HOLIDAY_CODE : input.codes[line.element as PayElement]),
        line.hundredths === null ? "" : ours(twoPlaces(line.hundredths)),
        rolledUp || rate === null ? "" : ours(rateText(rate, line.multiplier)),
        line.amountPence === null ? "" : money(line.amountPence),
      ]);
    }
    if (e.summary.totals.unpaid_break > 0) {
      rows.push([
        e.payrollId,
        e.name,
        ...period,
        ours("unpaid_break"),
        input.codes.unpaid_break,
        breakHours(e.summary.totals.unpaid_break),
        "",
        "",
      ]);
    }
    if (e.holiday) {
      for (const [element, hours] of [
        ["holiday_accrued", e.holiday.accruedHours],
        ["holiday_balance", e.holiday.balanceHours],
      ] as const) {
        rows.push([e.payrollId, e.name, ...period, ours(element), "", ours(hours.toFixed(2)), "", ""]);
      }
    }
  }
  return writeCsv(rows);
}
