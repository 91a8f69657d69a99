import { type LocalDate, localDateOfDayNumber, zoneCalendar } from "./time-zone";
import type { Shift } from "./working-time";

// How the working-time regulations count days and weeks: time at work merged across shifts, worked time by
// local date, and the rests between spans of work.

/** The Monday of a day number's week (day 0, 01/01/1970, was a Thursday). */
export const mondayOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);

export const byDate = <T>(a: [LocalDate, T], b: [LocalDate, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Time at work as [start, end) spans, overlapping shifts merged, in time order. */
export function atWork(shifts: readonly Shift[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    if (shift.end <= shift.start) continue;
    const last = spans.at(-1);
    if (last && shift.start <= last[1]) last[1] = Math.max(last[1], shift.end);
    else spans.push([shift.start, shift.end]);
  }
  return spans;
}

/** The spans of a shift actually worked: its time less its breaks. */
export function workedSpans(shift: Shift): [number, number][] {
  const spans: [number, number][] = [];
  let from = shift.start;
  for (const pause of [...shift.breaks].sort((a, b) => a.start - b.start)) {
    const start = Math.max(shift.start, pause.start);
    const end = Math.min(shift.end, pause.end);
    if (end <= start) continue;
    if (start > from) spans.push([from, start]);
    from = Math.max(from, end);
  }
  if (shift.end > from) spans.push([from, shift.end]);
  return spans;
}

export type WorkedDay = { ms: number; shiftIds: string[] };

/**
 * Working time per local date, a shift that runs past midnight split there: reg 2(1) defines a "day" as 24 hours
 * beginning at midnight, and that is the day of reg 5A's 8-hour limit and of reg 4's working days. (Rest breaks
 * count a shift whole on the day it starts: the break must fall inside it.) The clock-change days have 23 and 25
 * hours, so a 22:00–06:00 night is 7 hours on 29/03/2026 and 9 on 25/10/2026.
 */
export function workedByDay(shifts: readonly Shift[], timeZone: string): Map<LocalDate, WorkedDay> {
  const calendar = zoneCalendar(timeZone);
  const days = new Map<LocalDate, WorkedDay>();
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    for (const [start, end] of workedSpans(shift)) {
      let from = start;
      let day = calendar.dayOf(start);
      while (from < end) {
        const until = Math.min(end, calendar.startOf(day + 1));
        const date = localDateOfDayNumber(day);
        const worked = days.get(date) ?? { ms: 0, shiftIds: [] };
        worked.ms += until - from;
        if (!worked.shiftIds.includes(shift.id)) worked.shiftIds.push(shift.id);
        days.set(date, worked);
        from = until;
        day++;
      }
    }
  }
  return days;
}

/** The gaps between spans of work inside [from, to), each cut to the window, including its two ends. */
export function restsWithin(work: readonly [number, number][], from: number, to: number): number[] {
  const rests: number[] = [];
  let free = from;
  for (const [start, end] of work) {
    if (end <= from || start >= to) continue;
    if (start > free) rests.push(start - free);
    free = Math.max(free, end);
  }
  if (to > free) rests.push(to - free);
  return rests;
}
