import type { RotaFigures, RotaTotals } from "../contracts/rota";
import { type PlannedShift, plannedMinutes, weekDates } from "./rota";
import { type LocalDate, localDateOf } from "./time-zone";

// The rota's header figures (docs/rota.md, "Planning"): planned minutes and labour cost per day and for the
// week, beside the actual ones for days already over. No I/O: the routes gather rates and worked minutes.

/** One day's worked minutes and their cost in pence (null: nobody who worked that day has a rate). */
export type ActualDay = { minutes: number; costPence: number | null };

/** Minutes at an hourly rate in pence, unrounded: a day's total is rounded once, to the penny. */
export const exactCost = (minutes: number, hourlyRatePence: number) => (minutes * hourlyRatePence) / 60;

const sum = (values: readonly (number | null)[]): number | null =>
  values.some((v) => v !== null) ? values.reduce<number>((total, v) => total + (v ?? 0), 0) : null;

/**
 * Totals of a week's shifts (not deleted), each counted on the local day it starts. An open shift counts in
 * minutes only; a day's cost is null when none of its shifts is someone's with a rate. `actual` holds the
 * days already over (absent: not over, null figures).
 */
export function rotaTotals(input: {
  week: LocalDate;
  timeZone: string;
  shifts: readonly PlannedShift[];
  hourlyRatePence: ReadonlyMap<string, number>;
  actual: ReadonlyMap<LocalDate, ActualDay>;
}): RotaTotals {
  const days = weekDates(input.week).map((date) => {
    let minutes = 0;
    let cost: number | null = null;
    for (const shift of input.shifts) {
      if (localDateOf(shift.start, input.timeZone) !== date) continue;
      const planned = plannedMinutes(shift);
      minutes += planned;
      const rate = shift.employeeId === null ? undefined : input.hourlyRatePence.get(shift.employeeId);
      if (rate !== undefined) cost = (cost ?? 0) + exactCost(planned, rate);
    }
    const actual = input.actual.get(date);
    return {
      date,
      planned_minutes: minutes,
      planned_cost_pence: cost === null ? null : Math.round(cost),
      actual_minutes: actual ? actual.minutes : null,
      actual_cost_pence: actual ? actual.costPence : null,
    } satisfies RotaFigures & { date: string };
  });
  // The week is the sum of its days as shown, so the header adds up to the penny.
  const week: RotaFigures = {
    planned_minutes: days.reduce((total, d) => total + d.planned_minutes, 0),
    planned_cost_pence: sum(days.map((d) => d.planned_cost_pence)),
    actual_minutes: sum(days.map((d) => d.actual_minutes)),
    actual_cost_pence: sum(days.map((d) => d.actual_cost_pence)),
  };
  return { days, week };
}
