import type { StaffCorrection, StaffHoursDay, StaffHoursEntry } from "../contracts/staff-hours";
import type { TimesheetDay, TimesheetEntry } from "../contracts/timesheets";
import { type Entry, workedMinutes } from "./timesheet";

// The staff app's view of an employee's timesheet days (docs/staff-app.md, "My hours, queries and my data"):
// the same days and entries the manager approves, with each correction told as a correction and its reason.
// Pure: worker/services/staff-hours-view.ts reads the sheet.

/** How a manager changed an entry, or null when it stands as the kiosk recorded it. */
export function correctionOf(entry: Entry): StaffCorrection | null {
  if (!entry.reason || entry.correctedAt === undefined) return null;
  const kind = entry.voided ? "voided" : entry.source === "manager" && !entry.edited ? "added" : "edited";
  return { kind, reason: entry.reason, at: new Date(entry.correctedAt).toISOString() };
}

function staffEntry(shown: TimesheetEntry, entry: Entry | undefined, now: number): StaffHoursEntry {
  return {
    id: shown.id,
    check_in_at: shown.check_in_at,
    check_out_at: shown.check_out_at,
    breaks: shown.breaks,
    worked_minutes: entry && !entry.voided ? workedMinutes(entry, now) : 0,
    voided: shown.flags.includes("voided"),
    in_progress: shown.check_out_at === null,
    correction: entry ? correctionOf(entry) : null,
    planned: shown.planned ?? null,
    queries: shown.queries ?? [],
  };
}

/** The timesheet's days of one employee as the staff app lists them. */
export function staffHoursDays(
  days: readonly TimesheetDay[],
  entries: readonly Entry[],
  now: number,
): StaffHoursDay[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return days.map((day) => ({
    date: day.date,
    entries: day.entries.map((shown) => staffEntry(shown, byId.get(shown.id), now)),
    worked_minutes: day.worked_minutes,
    break_minutes: day.break_minutes,
    break_assumed: day.break_assumed,
    queries: day.queries ?? [],
  }));
}
