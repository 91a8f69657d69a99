import type { TimesheetEntry, TimesheetShift } from "@contracts/timesheets";
import { timeOf } from "./time";

// The rota on the timesheet (docs/rota.md, "Planned against actual"): what an entry's planned shift, its
// variance and the pay rule read as. An entry at a location without a rota has none of these, and shows none.

const minutes = (n: number) => (n < 60 ? `${n} min` : `${Math.floor(n / 60)}h ${n % 60}m`);

/** "09:00–17:00". */
export const shiftTimes = (shift: TimesheetShift, timeZone: string) =>
  `${timeOf(shift.start_at, timeZone)}–${timeOf(shift.end_at, timeZone)}`;

/** "Planned 09:00–17:00 · late by 12 min · left early by 5 min", "Unplanned", or null without a rota. */
export function plannedText(entry: TimesheetEntry, timeZone: string): string | null {
  const { variance, planned } = entry;
  if (!variance) return null;
  if (variance.unplanned || !planned) return "Unplanned";
  const parts = [`Planned ${shiftTimes(planned, timeZone)}`];
  if (variance.started_early_minutes > 0)
    parts.push(`started early by ${minutes(variance.started_early_minutes)}`);
  if (variance.late_minutes > 0) parts.push(`late by ${minutes(variance.late_minutes)}`);
  if (variance.left_early_minutes > 0) parts.push(`left early by ${minutes(variance.left_early_minutes)}`);
  if (variance.over_minutes > 0) parts.push(`over by ${minutes(variance.over_minutes)}`);
  return parts.join(" · ");
}

/** The entry is off plan: late, left early or unplanned (the timesheet marks it). */
export const offPlan = (entry: TimesheetEntry) =>
  !!entry.variance &&
  (entry.variance.unplanned || entry.variance.late_minutes > 0 || entry.variance.left_early_minutes > 0);

/** "Paid from 09:00 (the rota)", "Paid to 17:00 (the rota)", both, or null when paid as recorded. */
export function paidText(entry: TimesheetEntry, timeZone: string): string | null {
  const from = entry.paid?.from;
  const to = entry.paid?.to;
  if (from && to) return `Paid ${timeOf(from, timeZone)}–${timeOf(to, timeZone)} (the rota)`;
  if (from) return `Paid from ${timeOf(from, timeZone)} (the rota)`;
  if (to) return `Paid to ${timeOf(to, timeZone)} (the rota)`;
  return null;
}

/** The entry ran past its shift's end: a manager may approve the overtime (or withdraw the approval). */
export const runsOver = (entry: TimesheetEntry) => (entry.variance?.over_minutes ?? 0) > 0;
