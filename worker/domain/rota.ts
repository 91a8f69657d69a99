// The rota's plain rules (docs/rota.md): what a planned shift is, when one is refused, and the week it
// belongs to. No I/O: the hub stores shifts, the routes ask these.

import { BREAK_TOO_LONG, MAX_SHIFT_HOURS, SHIFT_ENDS_BEFORE_START, SHIFT_TOO_LONG } from "../contracts/rota";
import {
  addDays,
  DAY_MS,
  dayNumberOf,
  HOUR_MS,
  type LocalDate,
  localDateOf,
  startOfLocalDate,
  weekdayOf,
  zoneCalendar,
} from "./time-zone";

/** A shift as planned: instants in epoch ms (UTC), the break unpaid, in minutes. */
export type PlannedShift = {
  id: string;
  /** Null: an open shift, nobody's yet. */
  employeeId: string | null;
  start: number;
  end: number;
  breakMinutes: number;
  role: string | null;
  notes: string | null;
};

/** A shift as stored in the hub: as planned now, and as staff last saw it published (null: never). */
export type StoredShift = PlannedShift & {
  /** The week it belongs to: the Monday of its start's local date. */
  week: LocalDate;
  published: Omit<PlannedShift, "id"> | null;
  /** Deleted after it was published: kept until the week is published again, to tell whoever had it. */
  deleted: boolean;
};

/** Why a shift cannot be planned as asked, or null. */
export function shiftProblem(shift: { start: number; end: number; breakMinutes: number }): string | null {
  if (!(shift.end > shift.start)) return SHIFT_ENDS_BEFORE_START;
  if (shift.end - shift.start > MAX_SHIFT_HOURS * HOUR_MS) return SHIFT_TOO_LONG;
  if (shift.breakMinutes * 60_000 >= shift.end - shift.start) return BREAK_TOO_LONG;
  return null;
}

/** Paid minutes a shift plans: its length less its unpaid break. */
export const plannedMinutes = (shift: Pick<PlannedShift, "start" | "end" | "breakMinutes">) =>
  Math.round((shift.end - shift.start) / 60_000) - shift.breakMinutes;

export const isMonday = (date: LocalDate) => weekdayOf(date) === 1;

/** The Monday of the week a local date falls in. */
export const mondayOfDate = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

/** The week a shift belongs to: the Monday of the local date it starts on. */
export const weekOf = (start: number, timeZone: string): LocalDate =>
  mondayOfDate(localDateOf(start, timeZone));

/** A week's instants, [Monday's local midnight, next Monday's): 167 or 169 hours across a clock change. */
export const weekBounds = (monday: LocalDate, timeZone: string) => ({
  start: startOfLocalDate(monday, timeZone),
  end: startOfLocalDate(addDays(monday, 7), timeZone),
});

/** The week's seven local dates, Monday first. */
export const weekDates = (monday: LocalDate): LocalDate[] =>
  Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** Whether a shift as planned now differs from the version staff saw published. */
export const changedSincePublish = (shift: StoredShift) =>
  shift.deleted ||
  shift.published === null ||
  shift.published.employeeId !== shift.employeeId ||
  shift.published.start !== shift.start ||
  shift.published.end !== shift.end ||
  shift.published.breakMinutes !== shift.breakMinutes ||
  shift.published.role !== shift.role ||
  shift.published.notes !== shift.notes;

/** The shift staff were told of, if any: what lateness, no-shows and pay to the rota go by. */
export const asPublished = (shift: StoredShift): PlannedShift | null =>
  shift.published ? { id: shift.id, ...shift.published } : null;

/**
 * The instant a local wall-clock time (written as if UTC, see ZoneCalendar.wallTime) happens in a zone. A time
 * the clocks skip moves on by the time skipped (01:30 is 02:30 when they go forward); one they repeat is its
 * first occurrence.
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  const calendar = zoneCalendar(timeZone);
  const offset = (instant: number) => calendar.wallTime(instant) - instant;
  // The offsets half a day either side: a clock change between them makes the time skipped or repeated.
  const before = wall - offset(wall - 12 * HOUR_MS);
  const after = wall - offset(wall + 12 * HOUR_MS);
  const fits = [before, after].filter((instant) => calendar.wallTime(instant) === wall);
  return fits.length > 0 ? Math.min(...fits) : before;
}

/**
 * A shift moved from one week to another at the same weekday and local wall-clock times: a 09:00 start stays
 * 09:00 across a clock change (copy week).
 */
export function shiftMovedToWeek<T extends { start: number; end: number }>(
  shift: T,
  fromWeek: LocalDate,
  toWeek: LocalDate,
  timeZone: string,
): T {
  const calendar = zoneCalendar(timeZone);
  const days = (dayNumberOf(toWeek) - dayNumberOf(fromWeek)) * DAY_MS;
  const moved = (instant: number) => instantOfWallTime(calendar.wallTime(instant) + days, timeZone);
  return { ...shift, start: moved(shift.start), end: moved(shift.end) };
}

/** What one employee is told when a week is published: their shifts now, and those they no longer have. */
export type RotaChange = {
  employeeId: string;
  shifts: PlannedShift[];
  cancelled: PlannedShift[];
};

/**
 * Who must be told what when a week is published. The first publication tells everyone with a shift; a later
 * one only those whose shifts were added, changed, moved to or away from them, or deleted. Open shifts are
 * nobody's. `shifts`: the week's stored shifts, deleted-after-publishing ones included.
 */
export function rotaChanges(shifts: readonly StoredShift[], firstPublication: boolean): RotaChange[] {
  const affected = new Set<string>();
  for (const shift of shifts) {
    if (!firstPublication && !changedSincePublish(shift)) continue;
    if (shift.employeeId && !shift.deleted) affected.add(shift.employeeId);
    if (shift.published?.employeeId) affected.add(shift.published.employeeId);
  }
  const planned = ({ week: _w, published: _p, deleted: _d, ...rest }: StoredShift): PlannedShift => rest;
  return [...affected].sort().map((employeeId) => ({
    employeeId,
    shifts: shifts.filter((s) => !s.deleted && s.employeeId === employeeId).map(planned),
    cancelled: shifts
      .filter((s) => s.published?.employeeId === employeeId && (s.deleted || s.employeeId !== employeeId))
      .map((s) => asPublished(s) as PlannedShift),
  }));
}
