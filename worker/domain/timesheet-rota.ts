import type { TimesheetEntry, TimesheetShift } from "../contracts/timesheets";
import type { PlannedShift } from "./rota";
import { type PlanAgainstActual, planAgainstActual, type WorkedEntry } from "./rota-variance";
import { localDateOf } from "./time-zone";

// The plan on the timesheet (docs/rota.md, "Planned against actual"): each entry's published shift and its
// variance, the pay rule where pay to the rota applies, and each day's no-shows. A location without a
// published rota for a week gets none of these fields, so its timesheet reads exactly as before.

export type TimesheetRota = {
  /** Published shifts any entry of the period may have worked, as published. */
  shifts: readonly PlannedShift[];
  /** The location pays to the rota. */
  payToRota: boolean;
  /** Overtime approved on entries, by entry id. */
  overtime: ReadonlyMap<string, { byName: string; at: number }>;
};

const iso = (instant: number) => new Date(instant).toISOString();

export const shownShift = (shift: PlannedShift): TimesheetShift => ({
  shift_id: shift.id,
  start_at: iso(shift.start),
  end_at: iso(shift.end),
  break_minutes: shift.breakMinutes,
});

/** A timesheet entry as far as the plan is concerned (domain/timesheet.ts `Entry` is one). */
type SheetEntry = WorkedEntry & { voided: boolean };

export type RotaOnSheet = {
  /** The fields the plan adds to an entry (none where its week has no rota). */
  onEntry(entry: SheetEntry): Partial<TimesheetEntry>;
  /** An employee's no-shows on a local date. */
  noShows(employeeId: string, date: string): TimesheetShift[];
  /** An employee's unplanned entries and no-shows: exceptions approval asks about. */
  exceptions(employeeId: string): number;
};

/** What the plan says about a period's entries; `period` bounds the no-shows listed. */
export function rotaOnSheet(
  entries: readonly SheetEntry[],
  rota: TimesheetRota,
  context: { now: number; timeZone: string; period: { start: number; end: number } },
): RotaOnSheet {
  const counted = entries.filter((entry) => !entry.voided);
  const plan: PlanAgainstActual = planAgainstActual(counted, rota.shifts, context);
  const noShows = plan.noShows.filter(
    (shift) => shift.start >= context.period.start && shift.start < context.period.end,
  );
  return {
    onEntry(entry) {
      const variance = plan.variance.get(entry.id);
      if (entry.voided || !variance) return {};
      const shift = plan.planned.get(entry.id) ?? null;
      const approval = rota.overtime.get(entry.id);
      const fields: Partial<TimesheetEntry> = {
        planned: shift ? shownShift(shift) : null,
        variance: {
          unplanned: variance.unplanned,
          late_minutes: variance.lateMinutes,
          started_early_minutes: variance.startedEarlyMinutes,
          left_early_minutes: variance.leftEarlyMinutes,
          over_minutes: variance.overMinutes,
        },
        overtime_approved: approval ? { by: approval.byName, at: iso(approval.at) } : null,
      };
      if (rota.payToRota && shift) {
        const from = entry.checkIn < shift.start ? iso(shift.start) : null;
        const to = entry.checkOut !== null && entry.checkOut > shift.end && !approval ? iso(shift.end) : null;
        if (from || to) fields.paid = { from, to };
      }
      return fields;
    },
    noShows(employeeId, date) {
      return noShows
        .filter(
          (shift) => shift.employeeId === employeeId && localDateOf(shift.start, context.timeZone) === date,
        )
        .map(shownShift);
    },
    exceptions(employeeId) {
      const unplanned = counted.filter(
        (entry) => entry.employeeId === employeeId && plan.variance.get(entry.id)?.unplanned,
      ).length;
      return unplanned + noShows.filter((shift) => shift.employeeId === employeeId).length;
    },
  };
}
