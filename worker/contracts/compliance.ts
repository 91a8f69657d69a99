import { z } from "zod";

// UK working time, minimum wage and holiday, checked from the clock data. The rules themselves are
// plain functions in worker/domain (working-time.ts, minimum-wage.ts, holiday-accrual.ts), each with its
// source in docs/compliance.md; these are the shapes the dashboard and the evidence pack read.

export const COMPLIANCE_RULES = [
  "rest_break",
  "daily_rest",
  "weekly_rest",
  "average_week",
  "young_daily_limit",
  "young_weekly_limit",
  "young_night_work",
  "minimum_wage",
] as const;
export type ComplianceRule = (typeof COMPLIANCE_RULES)[number];

export const RULE_NAMES: Record<ComplianceRule, string> = {
  rest_break: "Rest break",
  daily_rest: "Daily rest",
  weekly_rest: "Weekly rest",
  average_week: "48-hour average week",
  young_daily_limit: "Young worker: 8 hours a day",
  young_weekly_limit: "Young worker: 40 hours a week",
  young_night_work: "Young worker: night work",
  minimum_wage: "National Minimum Wage",
};

export const RULE_SOURCES: Record<ComplianceRule, string> = {
  rest_break: "Working Time Regulations 1998, reg 12",
  daily_rest: "Working Time Regulations 1998, reg 10",
  weekly_rest: "Working Time Regulations 1998, reg 11",
  average_week: "Working Time Regulations 1998, regs 4 and 5",
  young_daily_limit: "Working Time Regulations 1998, reg 5A",
  young_weekly_limit: "Working Time Regulations 1998, reg 5A",
  young_night_work: "Working Time Regulations 1998, regs 6A and 27A",
  minimum_wage: "National Minimum Wage Regulations 2015",
};

/** Green: nothing to act on. Amber: a breach earlier in the reference period, or an average near 48 hours. Red: a breach this week. */
export type ComplianceLight = "green" | "amber" | "red";

export type ComplianceShift = {
  id: string;
  /** ISO 8601 (UTC). */
  check_in_at: string;
  check_out_at: string | null;
  breaks: { start_at: string; end_at: string | null }[];
  worked_minutes: number;
};

export type ComplianceBreach = {
  rule: ComplianceRule;
  /** YYYY-MM-DD: the local day the breach belongs to (a week's rules: its Monday). */
  date: string;
  /** What happened, in the location's time. */
  detail: string;
  /** What the manager can do about it. */
  fix: string;
  /** The shifts that show it (each is in the employee's `shifts`). */
  shift_ids: string[];
  /** In the week being looked at; otherwise earlier in the 17-week reference period. */
  this_week: boolean;
};

/** A rule the clock data could not check at a location, and why. */
export type RuleNotChecked = { rule: ComplianceRule; verdict: string };

/** Rest breaks where the kiosk does not record them: the clock cannot show whether one was taken. */
export const BREAKS_NOT_CHECKED = "Not checked: breaks are not recorded here";

export type WeeklyHours = { week_start: string; worked_minutes: number };

export type AverageWeek = {
  /** YYYY-MM-DD, inclusive. */
  reference_start: string;
  reference_end: string;
  weeks: WeeklyHours[];
  /** Days in the reference period, and the weeks its hours were divided by (at least one). */
  reference_days: number;
  divided_by_weeks: number;
  /** A new starter: the period is the time since they started (WTR reg 4(4)), up to today at most. */
  since_start: boolean;
  average_minutes: number;
  limit_minutes: number;
  /** A written opt-out applies on the last day of the reference period. */
  opted_out: boolean;
  /** Leave days in the period are made up from days not yet worked: the figure can still change. */
  provisional: boolean;
};

export type ComplianceEmployee = {
  employee_id: string;
  name: string;
  /** Under 18 on some day of the week looked at (from the date of birth, when one is recorded). */
  young_worker: boolean;
  light: ComplianceLight;
  breaches: ComplianceBreach[];
  average: AverageWeek;
  /** The shifts the breaches point at. */
  shifts: ComplianceShift[];
  /** Rules not checked for them, with the days of the week looked at when the rule applied (YYYY-MM-DD). */
  not_checked: (RuleNotChecked & { dates: string[] })[];
};

export type ComplianceResponse = {
  location_id: string;
  /** The Monday and Sunday of the week looked at. */
  week_start: string;
  week_end: string;
  light: ComplianceLight;
  /** Rules the light does not cover here ("Not checked: breaks are not recorded here"). */
  not_checked: RuleNotChecked[];
  /**
   * YYYY-MM-DD: the first day of the 17-week reference period with a shift on record here (its first day when
   * the records go back further); null when there is none. The evidence pack's range starts here by default.
   */
  records_from: string | null;
  employees: ComplianceEmployee[];
};

export type ComplianceSummary = {
  location_id: string;
  name: string;
  light: ComplianceLight;
  breaches_this_week: number;
  breaches_earlier: number;
  not_checked: RuleNotChecked[];
};

export type ComplianceSummaryResponse = { week_start: string; locations: ComplianceSummary[] };

// The evidence pack: every shift, break, rest period, weekly total, 17-week average, opt-out and breach of a
// date range, already written out in the location's time (dd/mm/yyyy, HH:MM, "7h 30m"), for the PDF and the
// CSV alike.

export type EvidenceShift = {
  date: string;
  check_in: string;
  /** "Open" while the shift goes on. */
  check_out: string;
  /** "12:00–12:30, 15:00–15:10", or "None". */
  breaks: string;
  worked: string;
  /** Rest since the previous shift ended; "" for the first one. */
  rest_before: string;
  /** "Kiosk", "Added by manager", "Corrected by manager", "Closed automatically". */
  source: string;
  /** The manager's reason for the correction or addition; "" for a shift as the kiosk recorded it. */
  reason: string;
};

export type EvidenceWeek = { week_start: string; worked: string; average: string };

export type EvidenceBreach = { date: string; rule: string; source: string; detail: string };

export type EvidenceEmployee = {
  name: string;
  payroll_id: string;
  /** "Young worker (under 18) until 14/03/2027", or "". */
  young_worker: string;
  /** "Opted out 01/02/2026", "Opted out 01/02/2026, withdrawn 01/06/2026", or "No opt-out". */
  opt_out: string;
  shifts: EvidenceShift[];
  weeks: EvidenceWeek[];
  breaches: EvidenceBreach[];
};

export type EvidencePack = {
  business_name: string;
  location_name: string;
  time_zone: string;
  /** dd/mm/yyyy. */
  from: string;
  to: string;
  /** dd/mm/yyyy HH:MM in the location's time. */
  generated_at: string;
  /** The rules the pack could not check, each with its regulation and why ("Rest break (…, reg 12): Not checked: …"). */
  not_checked: string[];
  employees: EvidenceEmployee[];
};

// --- Requests ---

/** Optional here so that a location that is not the caller's answers 404 before anything else. */
export const complianceQuery = z.object({
  week: z.iso.date({ error: "The week must be its Monday, as YYYY-MM-DD" }).optional(),
});

export const EVIDENCE_FORMATS = ["pdf", "csv"] as const;
export const EVIDENCE_MAX_DAYS = 366;
export const EVIDENCE_RANGE_REQUIRED = "Give the evidence pack's range as from=YYYY-MM-DD and to=YYYY-MM-DD";
export const EVIDENCE_RANGE_ORDER = "The range must end on or after its first day";
export const EVIDENCE_RANGE_TOO_LONG = `The range can be at most ${EVIDENCE_MAX_DAYS} days`;

export const evidenceQuery = z.object({
  from: z.iso.date({ error: EVIDENCE_RANGE_REQUIRED }).optional(),
  to: z.iso.date({ error: EVIDENCE_RANGE_REQUIRED }).optional(),
  format: z
    .enum(EVIDENCE_FORMATS, { error: `Format must be one of: ${EVIDENCE_FORMATS.join(", ")}` })
    .optional(),
});

export const NOT_A_MONDAY = "The week must be given by its Monday";

// --- Holiday for irregular-hours and part-year workers ---

export type HolidayPeriod = {
  key: string;
  start_date: string;
  end_date: string;
  worked_hours: number;
  accrued_hours: number;
  taken_hours: number;
  balance_hours: number;
};

export type HolidayBalance = {
  employee_id: string;
  name: string;
  /** YYYY-MM-DD: the worker's leave year, the account's or their own from their start date. */
  leave_year_start: string;
  leave_year_end: string;
  accrued_hours: number;
  taken_hours: number;
  balance_hours: number;
  /** The leave year's ended pay periods, oldest first: holiday accrues when a pay period ends. */
  periods: HolidayPeriod[];
};

export type HolidayBalancesResponse = {
  /** YYYY-MM-DD: the account's leave year; null where each worker's runs from their start date. */
  leave_year_start: string | null;
  leave_year_end: string | null;
  /** Only employees marked as working irregular hours. */
  employees: HolidayBalance[];
};
