import { z } from "zod";
import type { PeriodInfo } from "./hours";
import { idParam, locationParams } from "./params";
import { isSafeParagraph, unsafeTextMessage } from "./text";
import type { TimesheetQuery, TimesheetShift } from "./timesheets";

// The staff app's hours (docs/staff-app.md, "My hours, queries and my data"): the employee's own entries as
// the manager will approve them, their queries about them, and their data. Hours only: never pay rates.

export const QUERY_NOTE_MAX = 500;
export const QUERY_ANSWER_MAX = 500;
export const QUERY_ONE_TARGET = "Say which entry or which day the query is about (one of entry_id or date).";
export const QUERY_DATE_OUT_OF_RANGE =
  "Queries can be raised about days in this pay period or the 62 days before today, up to today.";
export const UNKNOWN_STAFF_PERIOD = "Unknown pay period: choose this pay period or the last one.";
export const EXPORT_THROTTLED = "You can download your data 3 times an hour. Please try again later.";

export const staffHoursQuery = z.object({
  period: z.string().max(40, "Unknown pay period").optional(),
});

const note = z
  .string({ error: "Say what's wrong (a note of 1 to 500 characters)" })
  .trim()
  .min(1, "Say what's wrong (a note of 1 to 500 characters)")
  .max(QUERY_NOTE_MAX, `The note must be at most ${QUERY_NOTE_MAX} characters`)
  .refine(isSafeParagraph, unsafeTextMessage("The note"));

export const staffQueryRequest = z
  .strictObject({
    entry_id: idParam("Entry id").optional(),
    date: z.iso.date({ error: "The date must be a date as YYYY-MM-DD" }).optional(),
    note,
  })
  .refine((body) => (body.entry_id === undefined) !== (body.date === undefined), QUERY_ONE_TARGET);
export type StaffQueryRequest = z.infer<typeof staffQueryRequest>;

export const answerQueryRequest = z.strictObject({
  answer: z
    .string({ error: "Write an answer (1 to 500 characters)" })
    .trim()
    .min(1, "Write an answer (1 to 500 characters)")
    .max(QUERY_ANSWER_MAX, `The answer must be at most ${QUERY_ANSWER_MAX} characters`)
    .refine(isSafeParagraph, unsafeTextMessage("The answer")),
});
export type AnswerQueryRequest = z.infer<typeof answerQueryRequest>;

export const queryParams = locationParams.extend({ queryId: idParam("Query id") });

// --- Answers ---

export type StaffQuery = TimesheetQuery;

/** A manager's correction of an entry, as the staff app shows it. */
export type StaffCorrection = {
  /** "added": the manager added the entry; "edited": changed its times or breaks; "voided": it no longer counts. */
  kind: "added" | "edited" | "voided";
  reason: string;
  /** ISO 8601: when the manager last changed it. */
  at: string;
};

export type StaffHoursEntry = {
  id: string;
  /** ISO 8601 (UTC). */
  check_in_at: string;
  check_out_at: string | null;
  breaks: { start_at: string; end_at: string | null }[];
  /** Worked, after the breaks clocked in it; 0 for a void entry. */
  worked_minutes: number;
  voided: boolean;
  in_progress: boolean;
  /** Null: as recorded at the kiosk. */
  correction: StaffCorrection | null;
  /** The published shift it worked, when the rota has one. */
  planned: TimesheetShift | null;
  queries: StaffQuery[];
};

export type StaffHoursDay = {
  /** The location's local date, YYYY-MM-DD. */
  date: string;
  entries: StaffHoursEntry[];
  worked_minutes: number;
  break_minutes: number;
  break_assumed: boolean;
  /** Queries about this day without an entry. */
  queries: StaffQuery[];
};

export type StaffHoursResponse = {
  period_info: PeriodInfo;
  /** The pay periods to switch between: this one, then the last one. */
  periods: { key: string; name: string }[];
  /** Every date of the period, in order. */
  days: StaffHoursDay[];
  totals: {
    /** As the timesheet counts them (after breaks; paid to the rota where the location does). */
    worked_minutes: number;
    break_minutes: number;
    /** Worked minutes as the pay rules round and pay them. */
    paid_minutes: number;
    /** Paid minutes the pay rules count as overtime. */
    overtime_minutes: number;
  };
  approved: boolean;
  /** ISO 8601, when the manager approved the period. */
  approved_at: string | null;
  timezone: string;
};

export type StaffQueriesResponse = { queries: StaffQuery[] };
export type StaffQueryResponse = { query: StaffQuery };
