import { minutesBetween } from "./durations";
import type { HoursSession } from "./hours";
import { type PlannedShift, weekOf } from "./rota";

// The plan against what happened (docs/rota.md, "Planned against actual" and "Pay to the rota"). Pure: the
// hub or a route hands in the entries (not void) and the PUBLISHED shifts of a period; these decide which
// entry worked which shift, by how much it differed, which shifts nobody came for, and the time a rota pays.

/** An entry as far as the plan is concerned: who, and when (an open one runs until now). */
export type WorkedEntry = { id: string; employeeId: string; checkIn: number; checkOut: number | null };

/** How an entry differed from its shift, in whole clock minutes; all zero: exactly to plan. */
export type Variance = {
  /** No published shift of theirs matched it, in a week the location has a published rota for. */
  unplanned: boolean;
  /** Checked in after the shift's start. */
  lateMinutes: number;
  /** Checked in before the shift's start. */
  startedEarlyMinutes: number;
  /** Checked out before the shift's end (a closed entry only). */
  leftEarlyMinutes: number;
  /** Checked out after the shift's end (a closed entry only). */
  overMinutes: number;
};

const overlap = (entry: WorkedEntry, shift: PlannedShift, now: number) =>
  Math.min(entry.checkOut ?? Math.max(now, entry.checkIn), shift.end) - Math.max(entry.checkIn, shift.start);

/**
 * Which shift each entry worked: each entry to the one of its employee's shifts it overlaps most (ties: the
 * nearer start). A shift may be worked in several entries (clocked out for lunch and back in); entries that
 * overlap none of their shifts are left out.
 */
export function matchShifts(
  entries: readonly WorkedEntry[],
  shifts: readonly PlannedShift[],
  now: number,
): Map<string, PlannedShift> {
  const matched = new Map<string, PlannedShift>();
  for (const entry of entries) {
    let best: { shift: PlannedShift; overlap: number; distance: number } | null = null;
    for (const shift of shifts) {
      if (shift.employeeId !== entry.employeeId) continue;
      const shared = overlap(entry, shift, now);
      const distance = Math.abs(entry.checkIn - shift.start);
      if (
        shared > 0 &&
        (!best ||
          shared > best.overlap ||
          (shared === best.overlap &&
            (distance < best.distance || (distance === best.distance && shift.start < best.shift.start))))
      ) {
        best = { shift, overlap: shared, distance };
      }
    }
    if (best) matched.set(entry.id, best.shift);
  }
  return matched;
}

/** The weeks (their Mondays) the location has a published rota for: a week with a published shift. */
export const rotaWeeks = (shifts: readonly PlannedShift[], timeZone: string): Set<string> =>
  new Set(shifts.map((shift) => weekOf(shift.start, timeZone)));

/**
 * How an entry differed from the shift it worked (null: none matched). Of a shift worked in several entries,
 * only the first can start late or early and only the last leave early or run over: the gaps between are
 * breaks (`first`/`last`: whether this entry is).
 */
export function varianceOf(
  entry: WorkedEntry,
  shift: PlannedShift | null,
  onRota: boolean,
  place: { first: boolean; last: boolean } = { first: true, last: true },
): Variance | null {
  if (!shift) {
    return onRota
      ? { unplanned: true, lateMinutes: 0, startedEarlyMinutes: 0, leftEarlyMinutes: 0, overMinutes: 0 }
      : null;
  }
  const out = place.last ? entry.checkOut : null;
  return {
    unplanned: false,
    lateMinutes: place.first ? minutesBetween(shift.start, entry.checkIn) : 0,
    startedEarlyMinutes: place.first ? minutesBetween(entry.checkIn, shift.start) : 0,
    leftEarlyMinutes: out === null ? 0 : minutesBetween(out, shift.end),
    overMinutes: out === null ? 0 : minutesBetween(shift.end, out),
  };
}

export type PlanAgainstActual = {
  /** The shift each matched entry worked, by entry id. */
  planned: Map<string, PlannedShift>;
  /** Each entry's variance by entry id; absent where the week has no published rota. */
  variance: Map<string, Variance>;
  /** Published shifts of someone's that are over with no entry: nobody came. */
  noShows: PlannedShift[];
};

/** The whole comparison for a period's entries (not void) and published shifts. */
export function planAgainstActual(
  entries: readonly WorkedEntry[],
  shifts: readonly PlannedShift[],
  context: { now: number; timeZone: string },
): PlanAgainstActual {
  const planned = matchShifts(entries, shifts, context.now);
  const weeks = rotaWeeks(shifts, context.timeZone);
  // Each shift's first and last entry: the first check-in and the latest check-out (an open entry is last).
  const ends = new Map<string, { first: WorkedEntry; last: WorkedEntry }>();
  for (const entry of entries) {
    const shift = planned.get(entry.id);
    if (!shift) continue;
    const seen = ends.get(shift.id);
    if (!seen) ends.set(shift.id, { first: entry, last: entry });
    else {
      if (entry.checkIn < seen.first.checkIn) seen.first = entry;
      if ((entry.checkOut ?? Number.POSITIVE_INFINITY) > (seen.last.checkOut ?? Number.POSITIVE_INFINITY))
        seen.last = entry;
    }
  }
  const variance = new Map<string, Variance>();
  for (const entry of entries) {
    const shift = planned.get(entry.id) ?? null;
    const place = shift ? ends.get(shift.id) : undefined;
    const found = varianceOf(
      entry,
      shift,
      weeks.has(weekOf(entry.checkIn, context.timeZone)),
      place ? { first: place.first === entry, last: place.last === entry } : undefined,
    );
    if (found) variance.set(entry.id, found);
  }
  const worked = new Set([...planned.values()].map((shift) => shift.id));
  const noShows = shifts.filter(
    (shift) => shift.employeeId !== null && shift.end <= context.now && !worked.has(shift.id),
  );
  return { planned, variance, noShows };
}

/**
 * The time a rota pays (a location with pay to the rota on): an entry that worked a shift is paid from the
 * later of its check-in and the shift's start to the earlier of its check-out and the shift's end, unless a
 * manager approved the overtime on it (then to its check-out). An entry with no shift is paid as recorded, an
 * open one is cut at the start only (it runs on until its check-out), and breaks are kept to the paid time.
 * The recorded punch is never changed: this only shapes the sessions the hours engine counts for pay.
 */
export function paidToRota(
  sessions: readonly HoursSession[],
  shifts: readonly PlannedShift[],
  approvedOvertime: ReadonlySet<string>,
  now: number,
): HoursSession[] {
  const planned = matchShifts(sessions, shifts, now);
  return sessions.map((session) => {
    const shift = planned.get(session.id);
    if (!shift) return session;
    const checkIn = Math.max(session.checkIn, shift.start);
    const checkOut =
      session.checkOut === null || approvedOvertime.has(session.id)
        ? session.checkOut
        : Math.min(session.checkOut, shift.end);
    if (checkIn === session.checkIn && checkOut === session.checkOut) return session;
    const breaks = (session.breaks ?? [])
      .map((b) => ({
        start: Math.max(b.start, checkIn),
        end: b.end === null ? null : checkOut === null ? b.end : Math.min(b.end, checkOut),
      }))
      .filter(
        (b) => (b.end ?? Number.POSITIVE_INFINITY) > b.start && (checkOut === null || b.start < checkOut),
      );
    return { ...session, checkIn, checkOut, ...(session.breaks ? { breaks } : {}) };
  });
}

/**
 * What approval must have looked at on the plan (docs/rota.md): the period's unplanned entries and the shifts
 * begun in it that nobody came for. `entries` not void; `shifts` the published ones they may have worked.
 */
export function rotaExceptions(
  entries: readonly WorkedEntry[],
  shifts: readonly PlannedShift[],
  context: { now: number; timeZone: string; period: { start: number; end: number } },
): { unplanned: WorkedEntry[]; noShows: PlannedShift[] } {
  const { variance, noShows } = planAgainstActual(entries, shifts, context);
  return {
    unplanned: entries.filter((entry) => variance.get(entry.id)?.unplanned),
    noShows: noShows.filter(
      (shift) => shift.start >= context.period.start && shift.start < context.period.end,
    ),
  };
}
