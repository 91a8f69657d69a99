import { z } from "zod";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// How a location pays (docs/payroll-exports.md): its pay schedule and the pay periods it makes, its overtime, premium-day
// and rounding rules, the pay codes its payroll software knows, and each employee's pay terms.

// The vocabulary below is shared with the pure pay logic in worker/domain (pay-elements.ts, pay-periods.ts,
// bank-holidays.ts, payroll-exports.ts), which imports it from here: contracts import nothing of ours.

/** GOV.UK's three bank-holiday divisions (worker/domain/bank-holidays.ts holds their dates). */
export const BANK_HOLIDAY_REGIONS = ["england-and-wales", "scotland", "northern-ireland"] as const;
export type BankHolidayRegion = (typeof BANK_HOLIDAY_REGIONS)[number];

export const PAY_FREQUENCIES = ["weekly", "fortnightly", "four_weekly", "monthly"] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

export const ROUNDING_STEPS = [1, 5, 15] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];

export const PREMIUM_DAYS = ["none", "sundays", "bank_holidays", "sundays_and_bank_holidays"] as const;
export type PremiumDays = (typeof PREMIUM_DAYS)[number];

export const PAY_ELEMENTS = ["basic", "overtime", "premium", "unpaid_break"] as const;
export type PayElement = (typeof PAY_ELEMENTS)[number];

export type PayCodes = Record<PayElement, string>;
export const DEFAULT_PAY_CODES: PayCodes = {
  basic: "BASIC",
  overtime: "OVERTIME",
  premium: "PREMIUM",
  unpaid_break: "UNPAID_BREAK",
};

export type PayRules = {
  location_id: string;
  pay_frequency: PayFrequency;
  /** YYYY-MM-DD: a period's first day; monthly periods start on its day of the month. */
  pay_anchor_date: string;
  /** Overtime after this many hours a day and/or a week; null: no such limit. */
  daily_overtime_after_hours: number | null;
  weekly_overtime_after_hours: number | null;
  overtime_multiplier: number;
  premium_days: PremiumDays;
  premium_multiplier: number;
  bank_holiday_region: BankHolidayRegion;
  /** Each day's worked time to the nearest 1, 5 or 15 minutes, never below it; null: exact minutes. */
  rounding_minutes: RoundingStep | null;
  pay_codes: PayCodes;
  /** ISO 8601; null until first saved (the defaults apply). */
  updated_at: string | null;
};

export const DEFAULT_PAY_RULES: Omit<PayRules, "location_id" | "updated_at"> = {
  pay_frequency: "weekly",
  pay_anchor_date: "2025-09-01",
  daily_overtime_after_hours: null,
  weekly_overtime_after_hours: null,
  overtime_multiplier: 1.5,
  premium_days: "none",
  premium_multiplier: 1.5,
  bank_holiday_region: "england-and-wales",
  rounding_minutes: null,
  pay_codes: DEFAULT_PAY_CODES,
};

export type PayPeriodOption = { key: string; name: string; start_date: string; end_date: string };

export type PayRulesResponse = {
  pay_rules: PayRules;
  /** The pay period holding today, then the earlier ones back to September 2025 (at most 26), newest first. */
  pay_periods: PayPeriodOption[];
};

const quarterHours = (label: string, max: number) => {
  const message = `${label} must be from 0.25 to ${max} hours, in quarter hours, or null for none`;
  return z
    .number({ error: message })
    .min(0.25, message)
    .max(max, message)
    .refine((value) => Number.isInteger(value * 4), message)
    .nullable();
};

const multiplier = (label: string) => {
  const message = `${label} must be from 1 to 4, with at most two decimals`;
  return z
    .number({ error: message })
    .min(1, message)
    .max(4, message)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, message);
};

const payCode = z
  .string({ error: "A pay code must be text" })
  .trim()
  .min(1, "A pay code cannot be empty")
  .max(40, "A pay code must be at most 40 characters")
  .refine(isSafeText, unsafeTextMessage("A pay code"));

/**
 * The schedule is required; every other field is optional and, when left out, keeps its saved value, so the
 * schedule card and the overtime card can each save their own fields.
 */
export const payRulesRequest = z.strictObject({
  pay_frequency: z.enum(PAY_FREQUENCIES, {
    error: `Pay frequency must be one of: ${PAY_FREQUENCIES.join(", ")}`,
  }),
  pay_anchor_date: z.iso.date({ error: "The pay schedule's anchor must be a date as YYYY-MM-DD" }),
  daily_overtime_after_hours: quarterHours("Daily overtime", 24).optional(),
  weekly_overtime_after_hours: quarterHours("Weekly overtime", 168).optional(),
  overtime_multiplier: multiplier("The overtime multiplier").optional(),
  premium_days: z
    .enum(PREMIUM_DAYS, { error: `Premium days must be one of: ${PREMIUM_DAYS.join(", ")}` })
    .optional(),
  premium_multiplier: multiplier("The premium-day multiplier").optional(),
  bank_holiday_region: z
    .enum(BANK_HOLIDAY_REGIONS, { error: `Bank holidays must be one of: ${BANK_HOLIDAY_REGIONS.join(", ")}` })
    .optional(),
  rounding_minutes: z
    .union([z.literal(1), z.literal(5), z.literal(15), z.null()], {
      error: "Rounding must be 1, 5 or 15 minutes, or null for none",
    })
    .optional(),
  pay_codes: z
    .strictObject({ basic: payCode, overtime: payCode, premium: payCode, unpaid_break: payCode })
    .optional(),
});
export type PayRulesRequest = z.infer<typeof payRulesRequest>;

// --- Each employee's pay terms ---

export type EmployeePay = {
  employee_id: string;
  /** The works number payroll software matches on. */
  payroll_id: string | null;
  contracted_weekly_hours: number | null;
  /** Pounds, two decimals. */
  hourly_rate: number | null;
  /**
   * Working time (docs/compliance.md). Sensitive: shown only to the account holder, never sent to a model. The date of
   * birth (YYYY-MM-DD) tells who is a young worker and which minimum-wage band applies.
   */
  date_of_birth: string | null;
  /** Irregular-hours or part-year worker: holiday accrues at 12.07% of hours worked. */
  irregular_hours: boolean;
  /** The written opt-out from the 48-hour average week: signed, and withdrawn (YYYY-MM-DD). */
  opt_out_signed: string | null;
  opt_out_withdrawn: string | null;
  /**
   * Minimum wage (docs/compliance.md): the day the apprenticeship began (YYYY-MM-DD), null for none. The
   * apprenticeship rate applies under 19, or in its first 12 months at any age.
   */
  apprenticeship_start: string | null;
  /** Living accommodation the employer provides: days a week (1-7) and its charge a week in pounds (0: free). */
  accommodation_days_per_week: number | null;
  accommodation_weekly_charge: number | null;
  /** Holiday (docs/compliance.md): employment's first and last days (YYYY-MM-DD), and days worked a week. */
  employment_start_date: string | null;
  employment_end_date: string | null;
  working_days_per_week: number | null;
};
export type EmployeePayListResponse = { employee_pay: EmployeePay[] };
export type EmployeePayResponse = { employee_pay: EmployeePay };

const pastDate = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date as YYYY-MM-DD` })
    .refine((date) => date <= new Date().toISOString().slice(0, 10), `${label} cannot be in the future`);

/** A sum of money in whole pence: a float such as 12.345 is refused rather than rounded. */
const inPence = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

const ACCOMMODATION_DAYS = "Accommodation days a week must be a whole number from 1 to 7, or null for none";
export const WORKING_DAYS_INVALID = "Working days a week must be from 0.5 to 7, in half days, or null";

export const employeePayRequest = z.strictObject({
  payroll_id: z
    .string({ error: "The payroll ID must be text" })
    .trim()
    .min(1, "The payroll ID cannot be empty: send null to remove it")
    .max(35, "The payroll ID must be at most 35 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, "The payroll ID may hold letters, digits, spaces and . _ / -")
    .nullable(),
  contracted_weekly_hours: quarterHours("Contracted weekly hours", 168),
  hourly_rate: z
    .number({ error: "The hourly rate must be an amount in pounds, or null" })
    .min(0.01, "The hourly rate must be at least £0.01")
    .max(1000, "The hourly rate must be at most £1,000")
    .refine(inPence, "The hourly rate must be in pence")
    .nullable(),
  // Working time: each optional, a field left out keeps its saved value.
  date_of_birth: pastDate("The date of birth").nullable().optional(),
  irregular_hours: z.boolean({ error: "Irregular hours must be true or false" }).optional(),
  opt_out_signed: pastDate("The opt-out's signing date").nullable().optional(),
  opt_out_withdrawn: pastDate("The opt-out's withdrawal date").nullable().optional(),
  // Minimum wage: each optional too; the accommodation's two fields go together.
  apprenticeship_start: z.iso
    .date({ error: "The apprenticeship's start must be a date as YYYY-MM-DD" })
    .refine(
      (date) => date <= new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10),
      "The apprenticeship's start can be at most a year ahead",
    )
    .nullable()
    .optional(),
  accommodation_days_per_week: z
    .number({ error: ACCOMMODATION_DAYS })
    .int(ACCOMMODATION_DAYS)
    .min(1, ACCOMMODATION_DAYS)
    .max(7, ACCOMMODATION_DAYS)
    .nullable()
    .optional(),
  accommodation_weekly_charge: z
    .number({ error: "The accommodation's weekly charge must be an amount in pounds (0 if free), or null" })
    .min(0, "The accommodation's weekly charge cannot be negative")
    .max(10_000, "The accommodation's weekly charge must be at most £10,000")
    .refine(inPence, "The accommodation's weekly charge must be in pence")
    .nullable()
    .optional(),
  // Holiday: each optional too.
  employment_start_date: pastDate("The employment start date").nullable().optional(),
  employment_end_date: z.iso
    .date({ error: "The employment end date must be a date as YYYY-MM-DD" })
    .nullable()
    .optional(),
  working_days_per_week: z
    .number({ error: WORKING_DAYS_INVALID })
    .min(0.5, WORKING_DAYS_INVALID)
    .max(7, WORKING_DAYS_INVALID)
    .refine((days) => Number.isInteger(days * 2), WORKING_DAYS_INVALID)
    .nullable()
    .optional(),
});
export type EmployeePayRequest = z.infer<typeof employeePayRequest>;

export const EMPLOYMENT_ENDS_BEFORE_START = "The employment end date cannot be before its start date";
export const WITHDRAWN_BEFORE_SIGNED = "An opt-out can only be withdrawn on or after the day it was signed";
export const WITHDRAWN_WITHOUT_SIGNED = "Give the date the opt-out was signed before its withdrawal";
export const YOUNG_WORKER_OPT_OUT = "A worker under 18 cannot opt out of the 48-hour week";
export const ACCOMMODATION_TOGETHER =
  "Give both the days a week accommodation is provided and its weekly charge (0 if free), or neither";
export const APPRENTICESHIP_BEFORE_BIRTH = "The apprenticeship cannot start before the date of birth";
export const DATE_OF_BIRTH_RANGE = "The date of birth must make the employee between 13 and 100 years old";

export const PAYROLL_ID_TAKEN = "Another employee at this location has that payroll ID";

export const employeePayParams = locationParams.extend({ employeeId: idParam("Employee id") });

// --- Payroll exports ---

export const PAYROLL_FORMATS = ["brightpay", "sage50", "xero", "staffology", "csv"] as const;
export type PayrollFormat = (typeof PAYROLL_FORMATS)[number];

export const PAYROLL_FORMAT_NAMES: Record<PayrollFormat, string> = {
  brightpay: "BrightPay (hourly payments)",
  sage50: "Sage 50 Payroll (multi-timesheet import)",
  xero: "Xero Payroll UK (timesheet lines, UpSheets layout)",
  staffology: "Staffology (import payment amounts)",
  csv: "Clocked payroll CSV",
};

/**
 * Whether a format's payroll product matches employees on their payroll ID (works number): BrightPay's works
 * number, Sage's employee reference and Staffology's payroll code do. The Xero bridges' layout matches on the
 * name, and Clocked's own CSV leaves the column empty for whoever has none (docs/payroll-exports.md), so
 * those two export without one.
 */
export const NEEDS_PAYROLL_ID: Record<PayrollFormat, boolean> = {
  brightpay: true,
  sage50: true,
  xero: false,
  staffology: true,
  csv: false,
};

export const PAYROLL_FORMAT_REQUIRED = `Format must be one of: ${PAYROLL_FORMATS.join(", ")}`;

/** Both required; optional here so that a location that is not the caller's answers 404 before anything else. */
export const payrollExportQuery = z.object({
  period: z.string().max(40, "Unknown period").optional(),
  format: z.enum(PAYROLL_FORMATS, { error: PAYROLL_FORMAT_REQUIRED }).optional(),
});

export const NOT_APPROVED_FOR_EXPORT = "Approve this pay period before exporting it to payroll.";
