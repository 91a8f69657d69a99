import type { HoursSession } from "./hours";
import { type PlannedShift, plannedMinutes } from "./rota";
import { planAgainstActual } from "./rota-variance";

// Planned against actual per employee for a period (docs/rota.md, "Reports"): what the Staff Hours CSV, the
// Monday e-mail and the assistant's tool report. Actual is the time as worked, before pay to the rota.

export type PlanFigures = {
  employeeId: string;
  /** Paid minutes of their published shifts begun in the period (each less its unpaid break). */
  plannedMinutes: number;
  /** Minutes worked as recorded and corrected (the hours engine, pay to the rota left out). */
  workedMinutes: number;
  /** Entries begun in the period that checked in after their shift's start, and the minutes of it. */
  timesLate: number;
  minutesLate: number;
  /** Their published shifts begun in the period, over, with no entry. */
  noShows: number;
  /** Their entries begun in the period with no shift, in a week on the rota. */
  unplanned: number;
};

/**
 * Everyone's figures, or null when nobody had a published shift in the period (no rota: the reports leave the
 * columns blank). `sessions`: the period's entries, not void; `shifts`: the published ones they may have
 * worked; `worked`: minutes worked by employee.
 */
export function planFigures(
  sessions: readonly HoursSession[],
  shifts: readonly PlannedShift[],
  worked: ReadonlyMap<string, number>,
  context: { now: number; timeZone: string; period: { start: number; end: number } },
): Map<string, PlanFigures> | null {
  const inPeriod = (instant: number) => instant >= context.period.start && instant < context.period.end;
  const planned = shifts.filter((shift) => shift.employeeId !== null && inPeriod(shift.start));
  if (planned.length === 0) return null;
  const figures = new Map<string, PlanFigures>();
  const of = (employeeId: string) => {
    let found = figures.get(employeeId);
    if (!found) {
      found = {
        employeeId,
        plannedMinutes: 0,
        workedMinutes: worked.get(employeeId) ?? 0,
        timesLate: 0,
        minutesLate: 0,
        noShows: 0,
        unplanned: 0,
      };
      figures.set(employeeId, found);
    }
    return found;
  };
  for (const shift of planned) of(shift.employeeId ?? "").plannedMinutes += plannedMinutes(shift);
  for (const employeeId of worked.keys()) of(employeeId);
  const plan = planAgainstActual(sessions, shifts, context);
  for (const session of sessions) {
    const variance = plan.variance.get(session.id);
    if (!variance || !inPeriod(session.checkIn)) continue;
    const mine = of(session.employeeId);
    if (variance.unplanned) mine.unplanned += 1;
    if (variance.lateMinutes > 0) {
      mine.timesLate += 1;
      mine.minutesLate += variance.lateMinutes;
    }
  }
  for (const shift of plan.noShows) {
    if (shift.employeeId !== null && inPeriod(shift.start)) of(shift.employeeId).noShows += 1;
  }
  return figures;
}
