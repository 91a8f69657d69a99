// Planned against actual, live (docs/rota.md): who is due soon, late, a no-show, in without a shift, or gone
// before their shift's end, from today's published shifts and the sessions as the kiosk recorded them. No I/O:
// the hub hands in what it keeps in memory and asks again when its alarm rings at a shift's boundary.

import type { RotaLive } from "../contracts/live";
import type { PlannedShift } from "./rota";
import { formatTimeAt, MINUTE_MS } from "./time-zone";

/** A published shift starting within this long shows as due soon. */
export const DUE_SOON_MS = 30 * MINUTE_MS;

export type RotaThresholds = { lateGraceMinutes: number; noShowMinutes: number };

/** A session as recorded: who, and when in and out (null: still in). */
export type RotaSession = { employeeId: string; checkIn: number; checkOut: number | null };

export type RotaLiveInput = RotaThresholds & {
  now: number;
  zone: string;
  /** Today in the location's zone. */
  today: { start: number; end: number };
  /** Published shifts overlapping today, as published. */
  shifts: readonly PlannedShift[];
  /** Sessions overlapping today and the day before (an overnight shift's check-in). */
  sessions: readonly RotaSession[];
  /** Current staff by id: a shift of someone no longer on the staff is left out. */
  names: ReadonlyMap<string, string>;
  /** Who has a status other than active today (holiday, sick leave...): not expected in. */
  onLeave: ReadonlyMap<string, string>;
};

const wholeMinutes = (ms: number) => Math.floor(ms / MINUTE_MS);
const iso = (at: number) => new Date(at).toISOString();

/**
 * A session is worked on a shift when it began before the shift's end and was still going at its start or
 * later: a check-in hours early counts, a session that ended before the shift began does not.
 */
const worksOn = (session: RotaSession, shift: PlannedShift) =>
  session.checkIn < shift.end && (session.checkOut === null || session.checkOut > shift.start);

/** The five lists Live Status shows of the rota; empty lists on a day with no published shift. */
export function rotaLive(input: RotaLiveInput): RotaLive {
  const { now, zone, today } = input;
  const grace = input.lateGraceMinutes * MINUTE_MS;
  const noShow = input.noShowMinutes * MINUTE_MS;
  const live: RotaLive = { due_soon: [], late: [], no_show: [], unscheduled: [], left_early: [] };
  const byEmployee = new Map<string, RotaSession[]>();
  for (const session of input.sessions) {
    const theirs = byEmployee.get(session.employeeId);
    if (theirs) theirs.push(session);
    else byEmployee.set(session.employeeId, [session]);
  }
  const planned = new Set<string>();
  for (const shift of input.shifts) {
    if (shift.employeeId === null) continue;
    const name = input.names.get(shift.employeeId);
    if (name === undefined) continue;
    planned.add(shift.employeeId);
    if (input.onLeave.has(shift.employeeId)) continue;
    const item = {
      id: shift.employeeId,
      name,
      shift_id: shift.id,
      shift: `${formatTimeAt(shift.start, zone)}–${formatTimeAt(shift.end, zone)}`,
      role: shift.role,
      start_at: iso(shift.start),
      end_at: iso(shift.end),
    };
    const worked = (byEmployee.get(shift.employeeId) ?? []).filter((s) => worksOn(s, shift));
    if (worked.length === 0) {
      // Not in: due until the grace runs out, then late, then a no-show while the shift lasts.
      if (now >= shift.end) continue;
      if (now >= shift.start + noShow) live.no_show.push(item);
      else if (now >= shift.start + grace)
        live.late.push({ ...item, minutes: wholeMinutes(now - shift.start), arrived_at: null });
      else if (now >= shift.start - DUE_SOON_MS) live.due_soon.push(item);
      continue;
    }
    const arrived = Math.min(...worked.map((s) => s.checkIn));
    // In after the grace: late by then, shown for the rest of the day, whenever they came.
    if (arrived > shift.start + grace) {
      live.late.push({ ...item, minutes: wholeMinutes(arrived - shift.start), arrived_at: iso(arrived) });
    }
    if (worked.some((s) => s.checkOut === null)) continue;
    const left = Math.max(...worked.map((s) => s.checkOut ?? 0));
    // Out more than the grace before the end, and not back in: left early (an early finish within the
    // grace is not worth a manager's look, as a late start within it is not).
    if (left < shift.end - grace && left >= today.start) {
      live.left_early.push({ ...item, minutes: wholeMinutes(shift.end - left), left_at: iso(left) });
    }
  }
  // In today with no published shift that day: each employee once, at their first check-in of the day. A
  // location with nothing published for today has no rota to be off: nobody is unscheduled there.
  const firstIn = new Map<string, number>();
  for (const session of input.shifts.length > 0 ? input.sessions : []) {
    if (session.checkIn < today.start || session.checkIn >= today.end || planned.has(session.employeeId))
      continue;
    const was = firstIn.get(session.employeeId);
    if (was === undefined || session.checkIn < was) firstIn.set(session.employeeId, session.checkIn);
  }
  for (const [id, at] of [...firstIn].sort(([, a], [, b]) => a - b)) {
    const name = input.names.get(id);
    if (name !== undefined) live.unscheduled.push({ id, name, time: formatTimeAt(at, zone), at: iso(at) });
  }
  return live;
}

/**
 * When what rotaLive answers next changes with the clock alone (a punch changes it too, and pushes anyway):
 * the earliest of each assigned shift's start − 30 minutes, start + grace, start + no-show threshold and
 * end still after `now`, or null.
 */
export function nextRotaBoundary(
  shifts: readonly PlannedShift[],
  now: number,
  thresholds: RotaThresholds,
): number | null {
  let next: number | null = null;
  for (const shift of shifts) {
    if (shift.employeeId === null) continue;
    for (const at of boundariesOf(shift, thresholds)) {
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/** Whether any assigned shift's boundary fell in (after, upTo]: Live Status changed with the clock. */
export function boundaryPassed(
  shifts: readonly PlannedShift[],
  after: number,
  upTo: number,
  thresholds: RotaThresholds,
): boolean {
  return shifts.some(
    (shift) =>
      shift.employeeId !== null && boundariesOf(shift, thresholds).some((at) => at > after && at <= upTo),
  );
}

const boundariesOf = (shift: PlannedShift, { lateGraceMinutes, noShowMinutes }: RotaThresholds) => [
  shift.start - DUE_SOON_MS,
  shift.start + lateGraceMinutes * MINUTE_MS,
  shift.start + noShowMinutes * MINUTE_MS,
  shift.end,
];
