import { hoursAndMinutes } from "@domain/durations";
import { FIRST_HOURS_MONTH } from "@domain/periods";
import {
  addDays,
  DAY_MS,
  dayNumberOf,
  formatDate,
  formatTimeAt,
  type LocalDate,
  localDateOf,
  localDateOfDayNumber,
  weekdayOf,
  zoneCalendar,
} from "@domain/time-zone";

// The Timesheets view's clock: weeks (Monday to Sunday) on the location's calendar, and the wall times a
// manager types turned into instants. Every time shown or typed is the location's, whatever the browser's.

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The offset (wall time minus instant, ms) of a zone at an instant. */
const offsetAt = (instant: number, timeZone: string) => zoneCalendar(timeZone).wallTime(instant) - instant;

/**
 * The instant a wall-clock date and time ("2026-11-20", "09:00") names in a zone, as epoch ms; null when it
 * is not a real date or time, or names a time the clocks skipped (01:30 on the day they go forward). When
 * the clocks go back the time happens twice: the first is meant.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  let day: number;
  try {
    day = dayNumberOf(date);
  } catch {
    return null;
  }
  const wall = day * DAY_MS + (Number(match[1]) * 60 + Number(match[2])) * 60_000;
  // The offsets either side of any transition near it: one of them is the one in force at that wall time.
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((at) => offsetAt(at, timeZone)));
  const found = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => zoneCalendar(timeZone).wallTime(instant) === wall)
    .sort((a, b) => a - b);
  return found[0] ?? null;
}

/** zonedInstant as ISO 8601 UTC, for the API. */
export const zonedIso = (date: string, time: string, timeZone: string): string | null => {
  const instant = zonedInstant(date, time, timeZone);
  return instant === null ? null : new Date(instant).toISOString();
};

/** The location's date and time of an ISO instant, as a date and a time input want them. */
export function wallParts(iso: string, timeZone: string): { date: LocalDate; time: string } {
  const instant = Date.parse(iso);
  return { date: localDateOf(instant, timeZone), time: formatTimeAt(instant, timeZone) };
}

/** "09:00" in the zone. */
export const timeOf = (iso: string, timeZone: string) => formatTimeAt(Date.parse(iso), timeZone);

/** "20/11/2026 09:00" in the zone. */
export const stampOf = (iso: string, timeZone: string) => {
  const { date, time } = wallParts(iso, timeZone);
  return `${formatDate(date)} ${time}`;
};

/** "09:00" on `day`, "19/11 22:00" for an instant on another day (a shift over midnight). */
export function timeOnDay(iso: string, day: LocalDate, timeZone: string): string {
  const { date, time } = wallParts(iso, timeZone);
  return date === day ? time : `${date.slice(8, 10)}/${date.slice(5, 7)} ${time}`;
}

/** The location's date today. */
export const todayIn = (timeZone: string, now = Date.now()): LocalDate => localDateOf(now, timeZone);

/** The Monday of the week a date is in. */
export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

/** The API's key for the week starting on a Monday. */
export const weekKey = (monday: LocalDate) => `week_${monday}`;

/** The Monday of the first week offered: the one with the first month the Hours tab offers. */
export const FIRST_MONDAY = mondayOf(
  `${FIRST_HOURS_MONTH.year}-${String(FIRST_HOURS_MONTH.month).padStart(2, "0")}-01`,
);

/** The seven dates of a week. */
export const weekDates = (monday: LocalDate): LocalDate[] =>
  Array.from({ length: 7 }, (_, i) => localDateOfDayNumber(dayNumberOf(monday) + i));

/** Every date from `start` to `end`, both included: a pay period's 7, 14 or 28 days, or a month's. */
export function datesFrom(start: LocalDate, end: LocalDate): LocalDate[] {
  const first = dayNumberOf(start);
  return Array.from({ length: Math.max(0, dayNumberOf(end) - first + 1) }, (_, i) =>
    localDateOfDayNumber(first + i),
  );
}

/** "Mon 16/11". */
export const dayHeading = (date: LocalDate) =>
  `${WEEKDAYS[weekdayOf(date) - 1]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** "Sunday 29/11": a day's name and date, when the year goes without saying. */
export const dayAndMonth = (date: LocalDate) =>
  `${new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(new Date(dayNumberOf(date) * DAY_MS))} ${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** "Monday 16/11/2026": a day's name for a screen reader. */
export const dayName = (date: LocalDate) =>
  `${new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(new Date(dayNumberOf(date) * DAY_MS))} ${formatDate(date)}`;

/** "37h 30m", zeros included: the one wording and rounding of durations (worker/domain/durations.ts). */
export { hoursAndMinutes };
