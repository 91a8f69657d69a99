// The rota's plain rules (docs/rota.md): what a planned shift is, when one is refused, and the week it
// belongs to. No I/O: the hub stores shifts, the routes ask these.

import { BREAK_TOO_LONG, MAX_SHIFT_HOURS, SHIFT_ENDS_BEFORE_START, SHIFT_TOO_LONG } from "../contracts/rota";
import { addDays, HOUR_MS, type LocalDate, localDateOf, startOfLocalDate, weekdayOf } from "./time-zone";

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
