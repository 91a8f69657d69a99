import { z } from "zod";
import type { PeriodInfo } from "./hours";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// Timesheets: each employee's entries day by day, and the manager's corrections layered over
// what the kiosk recorded. A correction never changes a recorded punch; it adds a version of the entry.

/** Where an entry comes from. */
export const ENTRY_SOURCES = ["kiosk", "manager", "auto_closed", "offline", "phone"] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/**
 * What a manager should look at, exceptions first: closed by the hub after a forgotten clock-out, punched
 * at the kiosk after its pay period was approved, still open from an earlier day, corrected by a manager,
 * voided, very long or very short, and queried by the employee from the staff app and not yet answered.
 */
export const ENTRY_FLAGS = [
  "needs_review",
  "after_approval",
  "auto_closed",
  "missing_check_out",
  "edited",
  "voided",
  "long_shift",
  "short_shift",
  "in_progress",
  "staff_query",
] as const;
export type EntryFlag = (typeof ENTRY_FLAGS)[number];

/**
 * Flags that make an entry an exception (the rest only describe it). An auto-closed entry is one while it
 * needs review; once a manager has reviewed it, "auto_closed" only says what happened.
 */
export const EXCEPTION_FLAGS: ReadonlySet<EntryFlag> = new Set([
  "needs_review",
  "after_approval",
  "missing_check_out",
  "long_shift",
  "short_shift",
  "staff_query",
]);

/** A shift this long (worked, after breaks) or longer is flagged as very long. */
export const LONG_SHIFT_MINUTES = 12 * 60;
/** A closed shift shorter than this is flagged as very short (a double tap at the kiosk, usually). */
export const SHORT_SHIFT_MINUTES = 10;
/** Every entry, and every change to one, is at most this long. */
export const MAX_ENTRY_HOURS = 24;
export const MAX_BREAKS = 10;
export const REASON_MAX = 200;

export type TimesheetBreak = { start_at: string; end_at: string | null };

export type TimesheetEntry = {
  id: string;
  employee_id: string;
  /** ISO 8601 (UTC). */
  check_in_at: string;
  check_out_at: string | null;
  breaks: TimesheetBreak[];
  source: EntrySource;
  flags: EntryFlag[];
  /**
   * The published shift this entry worked (docs/rota.md, "Planned against actual"); null: none. Absent, with
   * `variance`, where the location has no published rota for the entry's week.
   */
  planned?: TimesheetShift | null;
  /** How the entry differed from its shift, or that it had none. */
  variance?: TimesheetVariance | null;
  /** With pay to the rota on: the time paid where it differs from the entry's times (ISO 8601); else absent. */
  paid?: { from: string | null; to: string | null };
  /** A manager approved the time past the shift's end, which pay to the rota then pays; null: not approved. */
  overtime_approved?: { by: string; at: string } | null;
  /** The employee's queries about this entry from the staff app (docs/staff-app.md); absent when none. */
  queries?: TimesheetQuery[];
};

/** A staff member's query about an entry or a day (docs/staff-app.md), and its answer. */
export type TimesheetQuery = {
  id: string;
  employee_id: string;
  entry_id: string | null;
  /** The local date (YYYY-MM-DD) of a day without an entry; null for an entry's query. */
  date: string | null;
  note: string;
  /** ISO 8601. */
  created_at: string;
  answer: string | null;
  answered_by: string | null;
  answered_at: string | null;
  /** Ticked as reviewed with an approval, without an answer. */
  reviewed: boolean;
  /** Neither answered nor reviewed: an exception approval asks about. */
  open: boolean;
};

/** A published shift as the timesheet shows it (times ISO 8601, UTC). */
export type TimesheetShift = { shift_id: string; start_at: string; end_at: string; break_minutes: number };

/** Whole minutes either side of the shift; `unplanned`: no shift of theirs in a week on the rota. */
export type TimesheetVariance = {
  unplanned: boolean;
  late_minutes: number;
  started_early_minutes: number;
  left_early_minutes: number;
  over_minutes: number;
};

export type TimesheetDay = {
  /** The location's local date, YYYY-MM-DD. */
  date: string;
  /** Entries with time on this day (a shift over midnight is listed on both days); voided ones too. */
  entries: TimesheetEntry[];
  worked_minutes: number;
  break_minutes: number;
  overtime_minutes: number;
  /** No break was clocked this day, and the automatic deduction took one. */
  break_assumed: boolean;
  /** An entry of this day waits for a manager's review. */
  needs_review: boolean;
  /** Published shifts of this day that are over with no entry (docs/rota.md); absent without a rota. */
  no_shows?: TimesheetShift[];
  /** The employee's queries about this day without an entry ("I worked but there's no entry"); absent: none. */
  queries?: TimesheetQuery[];
};

export type TimesheetEmployee = {
  employee_id: string;
  name: string;
  username: string;
  deleted: boolean;
  /** The works number payroll exports match on; null when none is set (docs/payroll-exports.md). */
  payroll_id: string | null;
  /** Every date of the period, in order. */
  days: TimesheetDay[];
  worked_minutes: number;
  break_minutes: number;
  overtime_minutes: number;
  /**
   * Entries with an exception flag (EXCEPTION_FLAGS), unplanned entries and no-shows (docs/rota.md), and open
   * queries about days.
   */
  exceptions: number;
  /** Entries waiting for review. */
  needs_review: number;
  /** When the whole period was approved for this employee (ISO 8601), and by whom; null when not. */
  approved_at: string | null;
  approved_by: string | null;
};

export type TimesheetResponse = {
  period_info: PeriodInfo;
  /** Employees with exceptions first, then by name. */
  employees: TimesheetEmployee[];
  /** The local date of the latest entry at the location waiting for review, in any period; null when none. */
  latest_review_date: string | null;
};

export type EntryVersion = {
  /** 0 is what was recorded (kiosk, auto-close); each correction adds one. */
  version: number;
  action: "recorded" | "added" | "edited" | "voided";
  /** ISO 8601. */
  at: string;
  /** The manager who made the change; null for what the kiosk or the hub recorded. */
  by: string | null;
  reason: string | null;
  check_in_at: string;
  check_out_at: string | null;
  breaks: TimesheetBreak[];
  voided: boolean;
};

/** A punch made from the staff member's phone, where it was made (docs/staff-app.md). */
export type PhonePunch = {
  action: "check_in" | "check_out" | "break_start" | "break_end";
  /** ISO 8601. */
  at: string;
  /** Rounded to 4 decimal places (about 10 m). */
  latitude: number;
  longitude: number;
  /** The phone's stated accuracy, in metres. */
  accuracy_metres: number;
  /** From the site's centre, in metres. */
  distance_metres: number;
};

export type EntryHistoryResponse = {
  entry: TimesheetEntry;
  history: EntryVersion[];
  /** The entry's punches made from a phone, oldest first; empty when all were at a kiosk. */
  phone_punches: PhonePunch[];
};
export type EntryResponse = { entry: TimesheetEntry };

// --- Requests ---

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

const breakInput = z.object({
  start_at: instant("A break's start"),
  end_at: instant("A break's end"),
});

const reason = z
  .string({ error: "Give a reason for the change" })
  .trim()
  .min(1, "Give a reason for the change")
  .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`)
  .refine(isSafeText, unsafeTextMessage("The reason"));

const breaks = z.array(breakInput).max(MAX_BREAKS, `At most ${MAX_BREAKS} breaks in one entry`);

export const addEntryRequest = z.object({
  employee_id: idParam("Employee id"),
  check_in_at: instant("The check-in"),
  check_out_at: instant("The check-out"),
  breaks: breaks.optional(),
  reason,
});
export type AddEntryRequest = z.infer<typeof addEntryRequest>;

export const editEntryRequest = z.object({
  check_in_at: instant("The check-in").optional(),
  check_out_at: instant("The check-out").optional(),
  breaks: breaks.optional(),
  reason,
});
export type EditEntryRequest = z.infer<typeof editEntryRequest>;

export const voidEntryRequest = z.object({ reason });
export type VoidEntryRequest = z.infer<typeof voidEntryRequest>;

export const timesheetQuery = z.object({
  period: z.string().max(40, "Unknown period").optional(),
  employee_id: idParam("Employee id").optional(),
});

export const entryParams = locationParams.extend({ entryId: idParam("Entry id") });

// --- Approval ---

export const payPeriod = z
  .string({ error: "Give the pay period (pay_YYYY-MM-DD)" })
  .regex(/^pay_\d{4}-\d{2}-\d{2}$/, "Give the pay period as pay_YYYY-MM-DD (its first day)");

export const approveRequest = z.strictObject({
  period: payPeriod,
  /** Absent: everyone on the period's timesheet. */
  employee_ids: z.array(idParam("Employee id")).min(1, "Choose at least one employee").max(500).optional(),
  /** The manager looked at the entries that need review and approves them as they are. */
  reviewed_exceptions: z.boolean({ error: "reviewed_exceptions must be true or false" }).optional(),
});
export type ApproveRequest = z.infer<typeof approveRequest>;

export const unlockRequest = z.strictObject({ period: payPeriod, reason });
export type UnlockRequest = z.infer<typeof unlockRequest>;

export type ApproveResponse = {
  period_info: PeriodInfo;
  /** The employees this call approved (those approved already are left as they were). */
  approved: { employee_id: string; approved_at: string; approved_by: string }[];
};
export type UnlockResponse = {
  period_info: PeriodInfo;
  unlocked: number;
  /** The period's timesheets were already sent to Xero (docs/xero.md, "Unlocking"): what to redo there. */
  xero_warning: string | null;
};

/** Approve (or withdraw) the overtime on an entry: pay to the rota then pays it to the check-out. */
export const overtimeRequest = z.strictObject({
  approved: z.boolean({ error: "approved must be true or false" }),
});
export type OvertimeRequest = z.infer<typeof overtimeRequest>;
export type OvertimeResponse = { entry_id: string; overtime_approved: { by: string; at: string } | null };

export const PERIOD_NOT_APPROVED = "This pay period is not approved.";
