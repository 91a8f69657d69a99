import type { PeriodInfo } from "../contracts/hours";
import type { PayPeriodOption } from "../contracts/pay";
import {
  type PaySchedule,
  payPeriodKey,
  payPeriodOf,
  payPeriodStartingOn,
  previousPayPeriod,
} from "./pay-periods";
import type { DateRange, TimeRange } from "./ranges";
import {
  dayNumberOf,
  formatDate,
  type LocalDate,
  localDateOfDayNumber,
  weekdayOf,
  zoneCalendar,
} from "./time-zone";

// The reporting periods managers pick from: the Hours tab offers this_week and
// month_{year}_{month}; analytics offers ytd, this_month and this_week. Every period runs from a
// local midnight in the location's zone, so a week or month that contains a clock change is an
// hour shorter or longer in real time, as it was on the shop floor.

/**
 * A named reporting period: its instants [start, end) and the same days as local dates (`endDate` is the
 * last day included, unlike `end`).
 */
export type Period = TimeRange &
  DateRange & {
    key: string;
    /** What a manager reads: "This week", "March 2026", "Year to date". */
    name: string;
  };

export type MonthOption = { key: string; name: string };

/** The first month the Hours tab offers. */
export const FIRST_HOURS_MONTH = { year: 2025, month: 9 } as const;

export const HOURS_PERIOD_DEFAULT = "this_week";
export const ANALYTICS_PERIOD_KEYS = ["ytd", "this_month", "this_week"] as const;

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

// Canonical keys only: "month_2026_03" or "month_2026_3 " would be a second name for one period.
const MONTH_KEY = /^month_(\d{4})_([1-9]|1[0-2])$/;

// A pay period (docs/payroll-exports.md): `pay_` and its first day.
const PAY_KEY = /^pay_(\d{4}-\d{2}-\d{2})$/;

// A week of the Timesheets view: `week_` and its Monday.
const WEEK_KEY = /^week_(\d{4}-\d{2}-\d{2})$/;

export const weekKey = (monday: LocalDate) => `week_${monday}`;

export const monthKey = (year: number, month: number) => `month_${year}_${month}`;
export const monthName = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

/**
 * Any period key the product knows; `null` for an unknown, malformed, too early or future one. Pay periods
 * (`pay_YYYY-MM-DD`) need the location's pay schedule.
 */
export function resolvePeriod(
  key: string,
  timeZone: string,
  now: number,
  schedule?: PaySchedule,
): Period | null {
  const calendar = zoneCalendar(timeZone);
  const today = calendar.dayOf(now);
  const todayDate = localDateOfDayNumber(today);
  const between = (name: string, first: number, next: number): Period => ({
    key,
    name,
    start: calendar.startOf(first),
    end: calendar.startOf(next),
    ...dates(first, next - 1),
  });
  const [thisYear, thisMonth] = yearAndMonth(todayDate);

  if (key === "this_week") {
    const monday = today - (weekdayOf(todayDate) - 1);
    return between("This week", monday, monday + 7);
  }
  if (key === "this_month") {
    return between("This month", firstOfMonth(thisYear, thisMonth), firstOfMonth(thisYear, thisMonth + 1));
  }
  if (key === "ytd") {
    const first = firstOfMonth(thisYear, 1);
    return { key, name: "Year to date", start: calendar.startOf(first), end: now, ...dates(first, today) };
  }
  const pay = PAY_KEY.exec(key);
  if (pay) {
    const start = pay[1] as LocalDate;
    const period = schedule && dayNumberOrNull(start) !== null ? payPeriodStartingOn(schedule, start) : null;
    const first = firstOfMonth(FIRST_HOURS_MONTH.year, FIRST_HOURS_MONTH.month);
    if (!period || dayNumberOf(period.startDate) > today || dayNumberOf(period.endDate) < first) return null;
    // Its dates follow its name wherever it is shown ("Pay period: 16/11/2026 – 22/11/2026").
    return between("Pay period", dayNumberOf(period.startDate), dayNumberOf(period.endDate) + 1);
  }
  const week = WEEK_KEY.exec(key);
  if (week) {
    const monday = dayNumberOrNull(week[1] as LocalDate);
    const thisMonday = today - (weekdayOf(todayDate) - 1);
    const first = firstOfMonth(FIRST_HOURS_MONTH.year, FIRST_HOURS_MONTH.month);
    // A real Monday, from the week of the first month offered up to this week.
    if (monday === null || weekdayOf(week[1] as LocalDate) !== 1) return null;
    if (monday > thisMonday || monday + 6 < first) return null;
    const name = `Week ${formatDate(localDateOfDayNumber(monday))} – ${formatDate(localDateOfDayNumber(monday + 6))}`;
    return between(name, monday, monday + 7);
  }
  const match = MONTH_KEY.exec(key);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  const index = year * 12 + month;
  const tooEarly = index < FIRST_HOURS_MONTH.year * 12 + FIRST_HOURS_MONTH.month;
  if (tooEarly || index > thisYear * 12 + thisMonth) return null;
  return between(monthName(year, month), firstOfMonth(year, month), firstOfMonth(year, month + 1));
}

/** A period the Hours tab accepts: this_week, an offered month, or one of the location's pay periods. */
export function resolveHoursPeriod(
  key: string,
  timeZone: string,
  now: number,
  schedule?: PaySchedule,
): Period | null {
  const offered = key === "this_week" || key.startsWith("month_") || key.startsWith("pay_");
  return offered ? resolvePeriod(key, timeZone, now, schedule) : null;
}

/** The pay periods to choose from: the one holding today, then earlier ones back to September 2025, newest first. */
export function payPeriodOptions(
  schedule: PaySchedule,
  timeZone: string,
  now: number,
  count = 26,
): PayPeriodOption[] {
  const calendar = zoneCalendar(timeZone);
  const first = localDateOfDayNumber(firstOfMonth(FIRST_HOURS_MONTH.year, FIRST_HOURS_MONTH.month));
  const options: PayPeriodOption[] = [];
  let period = payPeriodOf(schedule, localDateOfDayNumber(calendar.dayOf(now)));
  while (options.length < count && period.endDate >= first) {
    options.push({
      key: payPeriodKey(period),
      name: `${formatDate(period.startDate)} – ${formatDate(period.endDate)}`,
      start_date: period.startDate,
      end_date: period.endDate,
    });
    period = previousPayPeriod(schedule, period);
  }
  return options;
}

/** A period the Timesheets view accepts: the Hours tab's, and any week (`week_YYYY-MM-DD`, its Monday). */
export function resolveTimesheetPeriod(
  key: string,
  timeZone: string,
  now: number,
  schedule?: PaySchedule,
): Period | null {
  return key.startsWith("week_")
    ? resolvePeriod(key, timeZone, now)
    : resolveHoursPeriod(key, timeZone, now, schedule);
}

/** A period analytics accepts: ytd, this_month or this_week. */
export function resolveAnalyticsPeriod(key: string, timeZone: string, now: number): Period | null {
  const known: readonly string[] = ANALYTICS_PERIOD_KEYS;
  return known.includes(key) ? resolvePeriod(key, timeZone, now) : null;
}

/** The months the Hours tab offers: September 2025 up to the current local month, newest first. */
export function availableMonths(timeZone: string, now: number): MonthOption[] {
  const [thisYear, thisMonth] = yearAndMonth(localDateOfDayNumber(zoneCalendar(timeZone).dayOf(now)));
  const months: MonthOption[] = [];
  const first = FIRST_HOURS_MONTH.year * 12 + FIRST_HOURS_MONTH.month;
  for (let index = thisYear * 12 + thisMonth; index >= first; index--) {
    const year = Math.floor((index - 1) / 12);
    const month = index - year * 12;
    months.push({ key: monthKey(year, month), name: monthName(year, month) });
  }
  return months;
}

function yearAndMonth(date: LocalDate): [number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
}

function dayNumberOrNull(date: LocalDate): number | null {
  try {
    return dayNumberOf(date);
  } catch {
    return null;
  }
}

/** Day number of the 1st of a month; month 13 is January of the next year. */
function firstOfMonth(year: number, month: number): number {
  const rolled = year + Math.floor((month - 1) / 12);
  const inYear = ((month - 1) % 12) + 1;
  return dayNumberOf(`${rolled}-${String(inYear).padStart(2, "0")}-01`);
}

const dates = (first: number, last: number) => ({
  startDate: localDateOfDayNumber(first),
  endDate: localDateOfDayNumber(last),
});

/** A period as the API describes it next to its figures. */
export const periodInfoOf = (period: Period): PeriodInfo => ({
  period: period.key,
  period_name: period.name,
  start_date: period.startDate,
  end_date: period.endDate,
});
