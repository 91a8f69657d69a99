import {
  UNAVAILABLE_FROM_BEFORE_TO,
  UNAVAILABLE_HALF_OPEN,
  UNAVAILABLE_OVERLAP,
  type UnavailableTime,
} from "../contracts/staff-shifts";
import { instantOfWallTime } from "./rota";
import {
  addDays,
  DAY_MS,
  dayNumberOf,
  type LocalDate,
  localDateOf,
  MINUTE_MS,
  startOfLocalDate,
  weekdayOf,
} from "./time-zone";

// The times each week a staff member cannot work (docs/staff-app.md, "My shifts, availability and open
// shifts"): whether a list of them makes sense, and which of them a planned shift runs into. No I/O.

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const DAY_MINUTES = 24 * 60;

/** A time's span in minutes of its day: all day is 00:00 to 24:00. */
const minutesOf = (t: UnavailableTime) => ({ from: t.from_minute ?? 0, to: t.to_minute ?? DAY_MINUTES });

/** Why the list cannot be saved, or null: a start without an end, an end not after its start, two overlapping. */
export function availabilityProblem(times: readonly UnavailableTime[]): string | null {
  for (const t of times) {
    if ((t.from_minute === null) !== (t.to_minute === null)) return UNAVAILABLE_HALF_OPEN;
    const { from, to } = minutesOf(t);
    if (!(to > from)) return UNAVAILABLE_FROM_BEFORE_TO;
  }
  for (let day = 1; day <= 7; day++) {
    const spans = times
      .filter((t) => t.weekday === day)
      .map(minutesOf)
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < spans.length; i++) {
      // Back to back (one ends at 12:00, the next starts at 12:00) does not overlap.
      if ((spans[i]?.from ?? 0) < (spans[i - 1]?.to ?? 0))
        return UNAVAILABLE_OVERLAP(`${WEEKDAY_NAMES[day - 1]}s`);
    }
  }
  return null;
}

/** "09:30" from minutes after midnight ("24:00" for the end of the day). */
export const clockOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The instant a local date's minute happens in the zone (the skipped hour moves on; midnight is the next day's). */
function instantOn(date: LocalDate, minute: number, zone: string): number {
  if (minute === 0) return startOfLocalDate(date, zone);
  if (minute === DAY_MINUTES) return startOfLocalDate(addDays(date, 1), zone);
  return instantOfWallTime(dayNumberOf(date) * DAY_MS + minute * MINUTE_MS, zone);
}

/** One unavailable time on a given date, as instants: where a shift meets it. */
export type UnavailableClash = { time: UnavailableTime; date: LocalDate };

/**
 * The unavailable times a shift overlaps, on each local date it touches, in the location's zone (so 18:00 is
 * 18:00 in summer and winter alike). Touching at an edge (a shift ending at 18:00, unavailable from 18:00) is
 * not an overlap.
 */
export function unavailableClashes(
  shift: { start: number; end: number },
  times: readonly UnavailableTime[],
  zone: string,
): UnavailableClash[] {
  const clashes: UnavailableClash[] = [];
  const last = localDateOf(shift.end - 1, zone);
  // A shift is at most 16 hours: the day before its start cannot reach it, so start from its own date.
  for (let date = localDateOf(shift.start, zone); date <= last; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    for (const time of times) {
      if (time.weekday !== weekday) continue;
      const { from, to } = minutesOf(time);
      if (shift.start < instantOn(date, to, zone) && shift.end > instantOn(date, from, zone))
        clashes.push({ time, date });
    }
  }
  return clashes;
}

/** "all day" or "18:00–22:00". */
export const unavailableSpan = (time: UnavailableTime) =>
  time.from_minute === null || time.to_minute === null
    ? "all day"
    : `${clockOfMinute(time.from_minute)}–${clockOfMinute(time.to_minute)}`;
