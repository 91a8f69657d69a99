import {
  type EntryFlag,
  type EntrySource,
  EXCEPTION_FLAGS,
  LONG_SHIFT_MINUTES,
  MAX_ENTRY_HOURS,
  SHORT_SHIFT_MINUTES,
  type TimesheetDay,
  type TimesheetEmployee,
  type TimesheetEntry,
} from "../contracts/timesheets";
import { sessionMinutes } from "./durations";
import type { EmployeeHours, HoursSession } from "./hours";
import type { OpenTimeRange } from "./ranges";
import { isOpen, queryView, type StaffQuery } from "./staff-queries";
import {
  addDays,
  dayNumberOf,
  formatDateAt,
  formatTimeAt,
  HOUR_MS,
  type LocalDate,
  localDateOf,
  localDateOfDayNumber,
  zoneCalendar,
} from "./time-zone";
import { type RotaOnSheet, rotaOnSheet, type TimesheetRota } from "./timesheet-rota";

// Timesheet entries: what was recorded at the kiosk with a manager's corrections layered over it,
// the checks every correction must pass, and the week grid the Timesheets view shows. Pure: the hub
// (durable/hub-entries.ts) stores the versions, this decides what they mean.

/** The hub's modules still say Interval for an OpenTimeRange; the name goes once they say OpenTimeRange. */
export type Interval = OpenTimeRange;

/** An entry as it now stands: its recorded times, or its latest correction's. */
export type Entry = {
  id: string;
  employeeId: string;
  checkIn: number;
  /** null while the employee is still checked in. */
  checkOut: number | null;
  breaks: OpenTimeRange[];
  source: EntrySource;
  /** A manager changed what was recorded (or added the entry and then changed it). */
  edited: boolean;
  voided: boolean;
  /** Closed by the hub after a forgotten clock-out and not yet reviewed. */
  needsReview: boolean;
  /** A kiosk punch changed it after its pay period was approved. */
  afterApproval: boolean;
  /** Why it was last corrected (or added), when a manager did. */
  reason?: string;
  /** When it was last corrected (or added) by a manager. */
  correctedAt?: number;
};

/** What a correction proposes: the entry as it would stand afterwards. */
export type Candidate = { checkIn: number; checkOut: number | null; breaks: readonly OpenTimeRange[] };

const MAX_ENTRY_MS = MAX_ENTRY_HOURS * HOUR_MS;

/**
 * Why a correction cannot stand, in words a manager can act on, or null when it can. `others` are the same
 * employee's entries that are not void and not this one; an open one runs until now.
 */
export function correctionProblem(
  candidate: Candidate,
  others: readonly Entry[],
  context: { now: number; timeZone: string; name: string },
): string | null {
  const { checkIn, checkOut } = candidate;
  if (checkOut !== null && checkOut <= checkIn) return "The check-out must be after the check-in.";
  if (checkIn > context.now || (checkOut ?? 0) > context.now) return "Times cannot be in the future.";
  if ((checkOut ?? context.now) - checkIn > MAX_ENTRY_MS) {
    return `An entry cannot be longer than ${MAX_ENTRY_HOURS} hours.`;
  }
  const end = checkOut ?? context.now;
  const breaks = [...candidate.breaks].sort((a, b) => a.start - b.start);
  for (const [index, b] of breaks.entries()) {
    if (b.end !== null && b.end <= b.start) return "A break must end after it starts.";
    if (b.start < checkIn || (b.end ?? end) > end || (b.end === null && checkOut !== null)) {
      return "Every break must fall between the check-in and the check-out.";
    }
    const next = breaks[index + 1];
    if (next && (b.end === null || next.start < b.end)) return "Breaks cannot overlap.";
  }
  const clash = others.find((o) => o.checkIn < end && (o.checkOut ?? context.now) > checkIn);
  if (clash) {
    const until =
      clash.checkOut === null ? "still checked in" : formatTimeAt(clash.checkOut, context.timeZone);
    return `This overlaps ${context.name}'s entry of ${formatDateAt(clash.checkIn, context.timeZone)} ${formatTimeAt(clash.checkIn, context.timeZone)}–${until}.`;
  }
  return null;
}

/** The entries the hours engine counts: not void. */
export const countedSessions = (entries: readonly Entry[]): HoursSession[] =>
  entries
    .filter((entry) => !entry.voided)
    .map((entry) => ({
      id: entry.id,
      employeeId: entry.employeeId,
      checkIn: entry.checkIn,
      checkOut: entry.checkOut,
      ...(entry.breaks.length > 0 ? { breaks: entry.breaks } : {}),
      ...((entry.source !== "kiosk" && entry.source !== "offline" && entry.source !== "phone") || entry.edited
        ? {
            origin: {
              autoClosed: entry.source === "auto_closed",
              added: entry.source === "manager",
              corrected: entry.edited,
              ...(entry.reason ? { reason: entry.reason } : {}),
            },
          }
        : {}),
    }));

/** Minutes worked in an entry: check-in to check-out (or now) less its breaks, on clock minutes. */
export const workedMinutes = (entry: Pick<Entry, "checkIn" | "checkOut" | "breaks">, now: number): number =>
  sessionMinutes(entry, now);

/** What a manager should know about an entry, exceptions first. `today`: the location's local date now. */
export function entryFlags(entry: Entry, context: { now: number; timeZone: string }): EntryFlag[] {
  const flags: EntryFlag[] = [];
  if (entry.needsReview) flags.push("needs_review");
  if (entry.afterApproval) flags.push("after_approval");
  if (entry.source === "auto_closed") flags.push("auto_closed");
  const today = localDateOf(context.now, context.timeZone);
  if (entry.checkOut === null && localDateOf(entry.checkIn, context.timeZone) < today) {
    flags.push("missing_check_out");
  }
  if (entry.edited) flags.push("edited");
  if (entry.voided) flags.push("voided");
  if (!entry.voided) {
    const worked = workedMinutes(entry, context.now);
    if (worked >= LONG_SHIFT_MINUTES) flags.push("long_shift");
    if (entry.checkOut !== null && worked < SHORT_SHIFT_MINUTES) flags.push("short_shift");
  }
  if (entry.checkOut === null) flags.push("in_progress");
  return flags;
}

const iso = (instant: number) => new Date(instant).toISOString();

export function toTimesheetEntry(entry: Entry, context: { now: number; timeZone: string }): TimesheetEntry {
  return {
    id: entry.id,
    employee_id: entry.employeeId,
    check_in_at: iso(entry.checkIn),
    check_out_at: entry.checkOut === null ? null : iso(entry.checkOut),
    breaks: entry.breaks.map((b) => ({ start_at: iso(b.start), end_at: b.end === null ? null : iso(b.end) })),
    source: entry.source,
    flags: entryFlags(entry, context),
  };
}

export type TimesheetInput = {
  entries: readonly Entry[];
  /** One per employee listed, in any order; from the hours engine over `countedSessions(entries)`. */
  staff: readonly {
    member: { id: string; name: string; username: string; deleted: boolean; payrollId?: string | null };
    hours: EmployeeHours;
  }[];
  /** The employees for whom the whole period is approved, with when and by whom. */
  approvals?: ReadonlyMap<string, { approvedAt: number; approvedBy: string }>;
  /** Local dates of the period, first and last inclusive. */
  startDate: LocalDate;
  endDate: LocalDate;
  timeZone: string;
  now: number;
  /** The period's bounds (instants): the no-shows listed begin inside them. */
  bounds?: { start: number; end: number };
  /** The published rota against the entries (docs/rota.md); absent: none, and the sheet is as before. */
  rota?: TimesheetRota;
  /** Staff queries about the period's entries and days (docs/staff-app.md); absent: none. */
  queries?: readonly StaffQuery[];
};

/**
 * The week grid: every employee listed, every date of the period, each entry under each day it has time on
 * (the day it began, at least). Employees with exceptions come first, then by name.
 */
export function buildTimesheet(input: TimesheetInput): TimesheetEmployee[] {
  const context = { now: input.now, timeZone: input.timeZone };
  const plan: RotaOnSheet | null =
    input.rota && input.rota.shifts.length > 0 && input.bounds
      ? rotaOnSheet(input.entries, input.rota, { ...context, period: input.bounds })
      : null;
  const dates: LocalDate[] = [];
  for (let date = input.startDate; date <= input.endDate; date = addDays(date, 1)) dates.push(date);
  const queries = input.queries ?? [];
  const employees = input.staff.map(({ member, hours }) => {
    const mine = input.entries
      .filter((entry) => entry.employeeId === member.id)
      .sort((a, b) => a.checkIn - b.checkIn)
      .map((entry) => ({
        entry,
        shown: withQueries(
          { ...toTimesheetEntry(entry, context), ...plan?.onEntry(entry) },
          queries.filter((q) => q.entryId === entry.id),
        ),
        days: daysOf(entry, input),
      }));
    const dayQueries = queries.filter((q) => q.employeeId === member.id && q.day !== null);
    const hoursOf = new Map(hours.days.map((day) => [day.date, day]));
    const approval = input.approvals?.get(member.id);
    const days: TimesheetDay[] = dates.map((date) => {
      const entries = mine.filter((e) => e.days.has(date)).map((e) => e.shown);
      const counted = hoursOf.get(date);
      const noShows = plan?.noShows(member.id, date);
      const asked = dayQueries.filter((q) => q.day === date);
      return {
        date,
        entries,
        worked_minutes: counted?.workedMinutes ?? 0,
        break_minutes: counted?.breakMinutes ?? 0,
        overtime_minutes: counted?.overtimeMinutes ?? 0,
        break_assumed: counted?.breakAssumed ?? false,
        needs_review: entries.some((e) => e.flags.includes("needs_review")),
        ...(plan ? { no_shows: noShows ?? [] } : {}),
        ...(asked.length > 0 ? { queries: asked.map(queryView) } : {}),
      };
    });
    return {
      employee_id: member.id,
      name: member.name,
      username: member.username,
      deleted: member.deleted,
      payroll_id: member.payrollId ?? null,
      days,
      worked_minutes: hours.workedMinutes,
      break_minutes: hours.breakMinutes,
      overtime_minutes: hours.overtimeMinutes,
      exceptions:
        mine.filter((e) => e.shown.flags.some((flag) => EXCEPTION_FLAGS.has(flag))).length +
        (plan?.exceptions(member.id) ?? 0) +
        dayQueries.filter(isOpen).length,
      needs_review: mine.filter((e) => e.entry.needsReview).length,
      approved_at: approval ? new Date(approval.approvedAt).toISOString() : null,
      approved_by: approval?.approvedBy ?? null,
    };
  });
  const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });
  return employees.sort(
    (a, b) => Number(b.exceptions > 0) - Number(a.exceptions > 0) || byName.compare(a.name, b.name),
  );
}

/** The local dates of the period an entry has time on (an entry of no length: the day it began). */
function daysOf(
  entry: Entry,
  period: { startDate: LocalDate; endDate: LocalDate; timeZone: string; now: number },
) {
  const days = new Set<LocalDate>();
  const calendar = zoneCalendar(period.timeZone);
  const first = Math.max(calendar.dayOf(entry.checkIn), dayNumberOf(period.startDate));
  const last = Math.min(
    calendar.dayOf(Math.max(entry.checkIn, (entry.checkOut ?? period.now) - 1)),
    dayNumberOf(period.endDate),
  );
  for (let day = first; day <= last; day++) days.add(localDateOfDayNumber(day));
  return days;
}

/** An entry with the employee's queries about it; an open one makes it an exception ("staff_query"). */
function withQueries(shown: TimesheetEntry, queries: readonly StaffQuery[]): TimesheetEntry {
  if (queries.length === 0) return shown;
  const flags: EntryFlag[] = queries.some(isOpen) ? [...shown.flags, "staff_query"] : shown.flags;
  return { ...shown, flags, queries: queries.map(queryView) };
}
