import { monthKey, monthName } from "./periods";
import type { ReportKind } from "./plans";
import {
  dayNumberOf,
  formatDate,
  HOUR_MS,
  type LocalDate,
  localDateOfDayNumber,
  weekdayOf,
  zoneCalendar,
} from "./time-zone";

// When the automated reports are made, and for which periods.
//
// The Worker has two cron triggers, Mondays 06:00 and 07:00 UTC. Only the one that falls in the
// 07:00 hour in London runs the job (06:00 UTC in summer, 07:00 UTC in winter), so reports are made
// once a week, at 07:00 UK time, before the working week starts.
//
// Each run makes, for each kind the plan includes, the latest period of that kind that has ended by
// today in the location's zone: last week (Monday to Sunday); the latest fortnight (fortnights run
// in fixed pairs of weeks from Monday 1 September 2025, so payroll can rely on them); last month.
// A fortnight or month report already made is not made again, so the run after a month ends makes
// that month's report and the runs after it do nothing for months.

export const REPORT_RUN = { timeZone: "Europe/London", weekday: 1, hour: 7 } as const;

/** The first Monday of the first fortnight (hours start in September 2025). */
export const FORTNIGHT_ANCHOR: LocalDate = "2025-09-01";

export type ReportPeriod = {
  kind: ReportKind;
  /** week_2026_11_09, fortnight_2026_11_02 (its first Monday), month_2026_10. */
  key: string;
  name: string;
  /** Local dates, both inclusive. */
  startDate: LocalDate;
  endDate: LocalDate;
  /** Epoch ms: the first instant and the instant after the last. */
  start: number;
  end: number;
};

/** Whether a cron firing at `instant` is the weekly run: Monday, 07:00–07:59 in London. */
export function isReportRunTime(instant: number): boolean {
  const wall = new Date(zoneCalendar(REPORT_RUN.timeZone).wallTime(instant));
  // getUTCDay of a wall time written as UTC: 1 is Monday.
  return wall.getUTCDay() === REPORT_RUN.weekday && wall.getUTCHours() === REPORT_RUN.hour;
}

/** The next weekly run strictly after `now`: Monday 07:00 in London. */
export function nextReportRun(now: number): number {
  const calendar = zoneCalendar(REPORT_RUN.timeZone);
  const today = calendar.dayOf(now);
  for (let day = today; day <= today + 7; day++) {
    if (weekdayOf(localDateOfDayNumber(day)) !== REPORT_RUN.weekday) continue;
    // London changes its clocks on Sundays, so a Monday's 07:00 is 7 hours after its midnight.
    const run = calendar.startOf(day) + REPORT_RUN.hour * HOUR_MS;
    if (run > now) return run;
  }
  throw new Error("unreachable: a Monday falls in every 8 days");
}

const compactDate = (date: LocalDate) => date.replaceAll("-", "_");

/** The latest period of `kind` that has ended by the start of today in `timeZone`. */
export function latestCompletedPeriod(kind: ReportKind, timeZone: string, now: number): ReportPeriod {
  const calendar = zoneCalendar(timeZone);
  const today = calendar.dayOf(now);
  let first: number;
  let next: number;
  if (kind === "7_days") {
    next = today - (weekdayOf(localDateOfDayNumber(today)) - 1);
    first = next - 7;
  } else if (kind === "14_days") {
    const anchor = dayNumberOf(FORTNIGHT_ANCHOR);
    next = anchor + Math.floor((today - anchor) / 14) * 14;
    first = next - 14;
  } else {
    const [year, month] = localDateOfDayNumber(today).split("-").map(Number) as [number, number];
    next = dayNumberOf(`${year}-${String(month).padStart(2, "0")}-01`);
    const previous = month === 1 ? [year - 1, 12] : [year, month - 1];
    first = dayNumberOf(`${previous[0]}-${String(previous[1]).padStart(2, "0")}-01`);
  }
  const startDate = localDateOfDayNumber(first);
  const endDate = localDateOfDayNumber(next - 1);
  return {
    kind,
    key: reportPeriodKey(kind, startDate),
    name: reportPeriodName(kind, startDate, endDate),
    startDate,
    endDate,
    start: calendar.startOf(first),
    end: calendar.startOf(next),
  };
}

export function reportPeriodKey(kind: ReportKind, startDate: LocalDate): string {
  if (kind === "7_days") return `week_${compactDate(startDate)}`;
  if (kind === "14_days") return `fortnight_${compactDate(startDate)}`;
  return monthKey(Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7)));
}

/** "Week 09/11/2026 – 15/11/2026", "Fortnight 02/11/2026 – 15/11/2026", "October 2026". */
export function reportPeriodName(kind: string, startDate: LocalDate, endDate: LocalDate): string {
  if (kind === "monthly") return monthName(Number(startDate.slice(0, 4)), Number(startDate.slice(5, 7)));
  const label = kind === "14_days" ? "Fortnight" : "Week";
  return `${label} ${formatDate(startDate)} – ${formatDate(endDate)}`;
}

/** The run's messages are spread over its first 50 minutes, so every report is out by 07:50 UK time. */
export const REPORT_SPREAD_MS = 50 * 60_000;

/**
 * The seconds a location's report message waits in the queue: each location has a fixed slot in the
 * spread (from its id, so a resent message keeps it), counted from the run's start, never negative.
 */
export function reportDelaySeconds(locationId: string, runAt: number, now: number): number {
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < locationId.length; i++) {
    hash = Math.imul(hash ^ locationId.charCodeAt(i), 0x01000193) >>> 0;
  }
  const slot = runAt + (hash % REPORT_SPREAD_MS);
  return Math.max(0, Math.ceil((slot - now) / 1000));
}

/** Backoff between a failed report's attempts: 30 s, 1 min, 2 min, … at most 15 min. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 900);
