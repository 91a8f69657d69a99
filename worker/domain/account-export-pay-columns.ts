import {
  column,
  employeeColumn,
  hoursOf,
  type Kind,
  locationColumn,
  optional,
  utc,
  WHEN,
  yesNo,
} from "./account-export-cells";
import type {
  BreakOverrideRecord,
  HolidayBalanceRecord,
  PayRulesRecord,
  PayTermsRecord,
} from "./account-records";
import { ours } from "./csv";

// The account export's pay files: each employee's pay terms and holiday, the locations' pay rules and break
// overrides (the other files: account-export-columns.ts).

export const PAY_KINDS = [
  {
    file: "employee_pay_terms.csv",
    about:
      "Each employee's pay terms and working-time facts, as saved (employees never given any have no row). Kept as pay records.",
    rows: (data) => data.payTerms,
    columns: [
      employeeColumn(),
      locationColumn(),
      column("payroll_id", "The works number payroll exports match on.", (t) => optional(t.payrollId)),
      column("contracted_weekly_hours", "Contracted hours a week; overtime only beyond them.", (t) =>
        hoursOf(t.contractedWeeklyMinutes),
      ),
      column("hourly_rate_gbp", "Hourly rate in pounds.", (t) =>
        t.hourlyRatePence === null ? "" : ours((t.hourlyRatePence / 100).toFixed(2)),
      ),
      column("date_of_birth", "YYYY-MM-DD: who is a young worker, and the minimum-wage band.", (t) =>
        ours(t.dateOfBirth ?? ""),
      ),
      column("irregular_hours", "yes for an irregular-hours or part-year worker (holiday at 12.07%).", (t) =>
        yesNo(t.irregularHours),
      ),
      column(
        "opt_out_signed",
        "The day a written opt-out of the 48-hour week was signed (YYYY-MM-DD).",
        (t) => ours(t.optOutSigned ?? ""),
      ),
      column("opt_out_withdrawn", "The day that opt-out stopped applying (YYYY-MM-DD).", (t) =>
        ours(t.optOutWithdrawn ?? ""),
      ),
      column(
        "apprenticeship_start",
        "YYYY-MM-DD: the apprenticeship began (the apprentice minimum wage: under 19, or its first 12 months).",
        (t) => ours(t.apprenticeshipStart ?? ""),
      ),
      column(
        "accommodation_days_per_week",
        "Days a week the employer provides living accommodation; empty: none.",
        (t) => t.accommodationDaysPerWeek ?? "",
      ),
      column(
        "accommodation_weekly_charge_gbp",
        "What that accommodation is charged a week, in pounds (0.00: free); set against the minimum wage's accommodation offset.",
        (t) =>
          t.accommodationWeeklyChargePence === null
            ? ""
            : ours((t.accommodationWeeklyChargePence / 100).toFixed(2)),
      ),
      column("employment_start_date", "The day employment began, as recorded (YYYY-MM-DD).", (t) =>
        ours(t.employmentStartDate ?? ""),
      ),
      column("employment_end_date", "The last day of employment, as recorded (YYYY-MM-DD).", (t) =>
        ours(t.employmentEndDate ?? ""),
      ),
      column(
        "working_days_per_week",
        "Days worked a week (holiday is 5.6 times it, at most 28 days).",
        (t) => t.workingDaysPerWeek ?? "",
      ),
      column("updated_at", `Last change (${WHEN}).`, (t) => utc(t.updatedAt)),
    ],
  } satisfies Kind<PayTermsRecord>,
  {
    file: "holiday_balances.csv",
    about:
      "Each current worker's statutory holiday for their leave year, worked out on the day of the export (docs/compliance.md explains the rules). Figures are days or hours, as unit says.",
    rows: (data) => data.holidayBalances ?? [],
    columns: [
      employeeColumn(),
      locationColumn(),
      column(
        "rule",
        "accrual: 12.07% of hours worked (Great Britain, irregular hours); pattern: 5.6 weeks.",
        (h) => ours(h.rule),
      ),
      column("unit", "days or hours.", (h) => ours(h.unit)),
      column("leave_year_start", "The leave year's first day (YYYY-MM-DD).", (h) => ours(h.leaveYearStart)),
      column("leave_year_end", "Its last day (YYYY-MM-DD).", (h) => ours(h.leaveYearEnd)),
      column(
        "entitlement",
        "The year's statutory holiday, pro rata; empty without a working week.",
        (h) => h.entitlement ?? "",
      ),
      column("accrued", "Earned so far.", (h) => h.accrued ?? ""),
      column("carried_over", "Carried over from the leave year before.", (h) => h.carriedOver),
      column("taken", "Taken up to the export's day.", (h) => h.taken),
      column("booked", "Booked from the day after to the leave year's end.", (h) => h.booked),
      column(
        "remaining",
        "What is left once taken and booked holiday are subtracted.",
        (h) => h.remaining ?? "",
      ),
    ],
  } satisfies Kind<HolidayBalanceRecord>,
  {
    file: "pay_rules.csv",
    about:
      "Each location's pay schedule, overtime and pay codes, as saved (a location that never saved its rules has no row and uses the defaults: weekly from Monday, no overtime, no premium days, exact minutes).",
    rows: (data) => data.payRules,
    columns: [
      locationColumn(),
      column("pay_frequency", "weekly, fortnightly, four_weekly or monthly.", (r) => ours(r.payFrequency)),
      column("pay_anchor_date", "A pay period's first day (YYYY-MM-DD).", (r) => ours(r.payAnchorDate)),
      column("daily_overtime_after_hours", "Overtime after this many hours a day; empty: none.", (r) =>
        hoursOf(r.dailyOvertimeAfterMinutes),
      ),
      column("weekly_overtime_after_hours", "Overtime after this many hours a week; empty: none.", (r) =>
        hoursOf(r.weeklyOvertimeAfterMinutes),
      ),
      column(
        "overtime_multiplier",
        "Overtime's rate as a multiple of the hourly rate.",
        (r) => r.overtimeMultiplier,
      ),
      column("premium_days", "none, sundays, bank_holidays or sundays_and_bank_holidays.", (r) =>
        ours(r.premiumDays),
      ),
      column(
        "premium_multiplier",
        "Premium days' rate as a multiple of the hourly rate.",
        (r) => r.premiumMultiplier,
      ),
      column("bank_holiday_region", "Whose bank holidays count.", (r) => ours(r.bankHolidayRegion)),
      column(
        "rounding_minutes",
        "Each day rounded to this many minutes, never below; empty: exact.",
        (r) => r.roundingMinutes ?? "",
      ),
      column("pay_code_basic", "The payroll's code for basic hours.", (r) => r.payCodes.basic),
      column("pay_code_overtime", "The payroll's code for overtime.", (r) => r.payCodes.overtime),
      column("pay_code_premium", "The payroll's code for premium days.", (r) => r.payCodes.premium),
      column("pay_code_unpaid_break", "The payroll's code for unpaid break.", (r) => r.payCodes.unpaid_break),
      column("updated_at", `Last change (${WHEN}).`, (r) => utc(r.updatedAt)),
    ],
  } satisfies Kind<PayRulesRecord>,
  {
    file: "employee_break_overrides.csv",
    about: "Employees whose break and working day differ from their location's.",
    rows: (data) => data.breakOverrides,
    columns: [
      employeeColumn(),
      column("break_minutes", "Their unpaid break per working day.", (o) => o.customBreakMinutes),
      column("work_hours", "Their standard working day, in hours.", (o) => o.customWorkHours),
      column("updated_at", `Last change (${WHEN}).`, (o) => utc(o.updatedAt)),
    ],
  } satisfies Kind<BreakOverrideRecord>,
] as const;
