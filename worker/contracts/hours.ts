import { z } from "zod";
import type { EmployeeStatus } from "./employees";
import { idParam, locationParams } from "./params";

// The Hours tab, the Employees tab's analytics and the automated reports.

export type PeriodInfo = {
  period: string;
  /** "This week", "October 2026", "Year to date". */
  period_name: string;
  /** Local dates (YYYY-MM-DD), both inclusive. */
  start_date: string;
  end_date: string;
};

/** At most this many rows answer a search. */
export const STAFF_SEARCH_LIMIT = 5;
/** The hours bar is full at 40 hours. */
export const HOURS_BAR_FULL_MINUTES = 2400;

export const staffHoursQuery = z.object({
  period: z.string().max(40, "Unknown period").optional(),
  search: z.string().max(100, "Search must be at most 100 characters").optional(),
});

export const analyticsQuery = z.object({ period: z.string().max(40, "Unknown period").optional() });

export type StaffHoursRow = {
  employee_id: string;
  name: string;
  username: string;
  /** Minutes worked in the period after breaks: what the bar and the text show. */
  total_minutes_absolute: number;
  /** "37h 30m". */
  formatted_hours: string;
  /** The same text under the name the demo reads. */
  formatted_time: string;
  /** Time at work before breaks. */
  gross_minutes: number;
  worked_minutes: number;
  break_minutes: number;
  overtime_minutes: number;
  days_worked: number;
  /** Days on which no break was clocked and the automatic deduction took one ("break assumed"). */
  break_assumed_days: number;
  open_sessions: number;
  in_progress: boolean;
  /** The employee has since been deleted; listed because they have time in the period. */
  deleted: boolean;
};

export type StaffHoursResponse = {
  staff_hours: StaffHoursRow[];
  period_info: PeriodInfo;
  /** Sessions at the location closed by auto-close that a manager has not reviewed yet (any period). */
  sessions_needing_review: number;
};

export type MonthOption = { key: string; name: string };
export type AvailableMonthsResponse = { available_months: MonthOption[] };

export type LeaveAnalytics = {
  /** Employees at the location now (deleted ones excepted). */
  total_employees: number;
  /** Of them, how many have a status other than active now. */
  employees_on_leave: number;
  /** Of them, how many had at least one leave day in the period. */
  employees_with_leave: number;
  /** Weekdays of leave in the period (up to today), by status; every leave status is listed. */
  leave_breakdown: Record<Exclude<EmployeeStatus, "active">, number>;
  /** Employees by their status now; every status is listed. */
  current_status_breakdown: Record<EmployeeStatus, number>;
};

export type LeaveAnalyticsResponse = { leave_analytics: LeaveAnalytics; period_info: PeriodInfo };

export type AutomatedReport = {
  id: string;
  /** 7_days, 14_days or monthly. */
  kind: string;
  period: string;
  /** "Week 09/11/2026 – 15/11/2026", "October 2026". */
  period_name: string;
  start_date: string;
  end_date: string;
  /** ISO 8601. */
  created_at: string;
  /** Bytes. */
  size: number;
};

export type AutomatedReportsResponse = { reports: AutomatedReport[] };
/** `/{locationId}/{reportId}/download`. */
export const reportParams = locationParams.extend({ reportId: idParam("Report id") });

export type WeeklyReportStatus = {
  /** Weekly reports are made for every location on every plan. */
  enabled: boolean;
  /** ISO 8601 of the newest report for the location; null before the first. */
  last_generated_at: string | null;
  /** ISO 8601: the next Monday 07:00 in London. */
  next_run_at: string;
  /** The report kinds the plan makes and shows. */
  report_kinds: string[];
};
