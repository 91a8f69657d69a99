import type { RotaShift } from "@contracts/rota";
import { addDays, dayNumberOf, type LocalDate } from "@domain/time-zone";
import { wallParts, zonedIso } from "../timesheets";

// A shift's wall-clock times in the location's zone, and the same times on another day: what the cards show,
// what the dialog edits, and what a move or copy keeps.

export type ShiftTimes = {
  /** The local date it starts on: its column. */
  date: LocalDate;
  start: string;
  end: string;
  /** Days from its start's date to its end's: 1 for a shift past midnight. */
  endsDaysLater: number;
};

export function shiftTimes(shift: Pick<RotaShift, "start_at" | "end_at">, timeZone: string): ShiftTimes {
  const start = wallParts(shift.start_at, timeZone);
  const end = wallParts(shift.end_at, timeZone);
  return {
    date: start.date,
    start: start.time,
    end: end.time,
    endsDaysLater: dayNumberOf(end.date) - dayNumberOf(start.date),
  };
}

/**
 * The instants of a shift from its day and wall times: an end at or before the start is the next day's (a
 * night shift). Null when a time is not real there (skipped by the clocks going forward).
 */
export function instantsOn(
  date: LocalDate,
  start: string,
  end: string,
  timeZone: string,
  endsDaysLater = end <= start ? 1 : 0,
): { start_at: string; end_at: string } | null {
  const startAt = zonedIso(date, start, timeZone);
  const endAt = zonedIso(addDays(date, endsDaysLater), end, timeZone);
  return startAt && endAt ? { start_at: startAt, end_at: endAt } : null;
}

/** The same wall-clock times on another day: a moved or copied shift starts at 09:00 there too. */
export function onAnotherDay(shift: RotaShift, date: LocalDate, timeZone: string) {
  const times = shiftTimes(shift, timeZone);
  return instantsOn(date, times.start, times.end, timeZone, times.endsDaysLater);
}

/** "09:00–17:00". */
export const timeRange = (times: ShiftTimes) => `${times.start}–${times.end}`;
