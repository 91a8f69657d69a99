import { z } from "zod";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// The rota (docs/rota.md): a location's planned shifts, a week at a time (Monday first, in the location's
// zone), drafts until a manager publishes the week.

/** A shift is at most this long. */
export const MAX_SHIFT_HOURS = 16;
export const ROLE_MAX = 40;
export const NOTES_MAX = 280;
export const TEMPLATE_NAME_MAX = 40;

const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/** A week is named by its Monday, the location's local date. */
export const weekDate = (label = "The week") =>
  z.iso.date({ error: `${label} must be its Monday, as YYYY-MM-DD` });

const breakMinutes = z
  .number({ error: "The break must be a number of minutes" })
  .int("The break must be a whole number of minutes")
  .min(0, "The break cannot be negative")
  .max(MAX_SHIFT_HOURS * 60, "The break must be shorter than the shift");

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

// --- Requests ---

export const rotaParams = locationParams;
export const shiftParams = locationParams.extend({ shiftId: idParam("Shift id") });
export const templateParams = locationParams.extend({ templateId: idParam("Template id") });

export const rotaWeekQuery = z.object({ week: weekDate() });

export const shiftRequest = z.strictObject({
  /** Null: an open shift, not yet given to anyone. */
  employee_id: idParam("Employee id").nullable(),
  start_at: instant("The shift's start"),
  end_at: instant("The shift's end"),
  break_minutes: breakMinutes,
  role: text("The role", ROLE_MAX).nullish(),
  notes: text("The notes", NOTES_MAX).nullish(),
});
export type ShiftRequest = z.input<typeof shiftRequest>;

export const copyWeekRequest = z.strictObject({
  from_week: weekDate("The week to copy"),
  to_week: weekDate("The week to copy to"),
});
export type CopyWeekRequest = z.input<typeof copyWeekRequest>;

/** Clear week: deletes the week's draft shifts (published ones stay until the manager deletes each). */
export const clearWeekRequest = z.strictObject({ week: weekDate() });

export const publishRequest = z.strictObject({
  week: weekDate(),
  /** The manager has read the week's working-time warnings and publishes it anyway. */
  acknowledge_warnings: z.boolean({ error: "acknowledge_warnings must be true or false" }).optional(),
});
export type PublishRequest = z.input<typeof publishRequest>;

const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time as HH:MM` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time as HH:MM`);

export const templateRequest = z.strictObject({
  name: text("The template's name", TEMPLATE_NAME_MAX).pipe(z.string().min(1, "Give the template a name")),
  start_time: timeOfDay("The start"),
  end_time: timeOfDay("The end"),
  break_minutes: breakMinutes,
  role: text("The role", ROLE_MAX).nullish(),
});
export type TemplateRequest = z.input<typeof templateRequest>;

// --- Answers ---

export type RotaShift = {
  id: string;
  employee_id: string | null;
  /** ISO 8601 UTC. */
  start_at: string;
  end_at: string;
  break_minutes: number;
  role: string | null;
  notes: string | null;
  /** Staff can see it: the week was published with this shift as it now stands. */
  published: boolean;
  /** The week was published, and this shift was added or changed since: republish to tell staff. */
  changed_since_publish: boolean;
};

/** A working-time warning on the planned week (docs/rota.md, "Working-time checks on the plan"). */
export type RotaWarning = {
  /** The shift it is shown on; null for a warning about the week as a whole. */
  shift_id: string | null;
  employee_id: string;
  name: string;
  rule:
    | "daily_rest"
    | "weekly_rest"
    | "rest_break"
    | "young_daily_limit"
    | "young_weekly_limit"
    | "young_night_work"
    | "average_week"
    | "on_leave"
    | "unavailable";
  /** The regulation, e.g. "Working Time Regulations 1998, reg 10(1)". */
  regulation: string;
  /** What is wrong, in the location's local time. */
  detail: string;
  /** What to change to put it right. */
  fix: string;
  /** The local date it belongs to (YYYY-MM-DD). */
  date: string;
};

/** Planned and (for days passed) actual figures: minutes and pence; cost null where nobody has a rate. */
export type RotaFigures = {
  planned_minutes: number;
  planned_cost_pence: number | null;
  /** Null for a day not yet over. */
  actual_minutes: number | null;
  actual_cost_pence: number | null;
};

export type RotaTotals = {
  /** Monday to Sunday, local dates. */
  days: (RotaFigures & { date: string })[];
  week: RotaFigures;
};

/** Someone on leave on a day of the week (their status for that day): the grid shows it in their cell. */
export type RotaLeaveDay = {
  employee_id: string;
  /** YYYY-MM-DD, local. */
  date: string;
  /** The status (holiday, sick_leave, ...), as the Employees tab labels it. */
  status: string;
};

export type RotaWeekResponse = {
  week: string;
  /** When the week was last published (ISO 8601), and by whom; null while it is a draft. */
  published_at: string | null;
  published_by: string | null;
  timezone: string;
  shifts: RotaShift[];
  totals: RotaTotals;
  warnings: RotaWarning[];
  /** Who is on leave on which day of the week. */
  leave: RotaLeaveDay[];
};

export type ShiftResponse = { shift: RotaShift; warnings: RotaWarning[] };

export type PublishResponse = {
  week: string;
  published_at: string;
  /** Staff e-mailed their shifts (the whole week on first publish; only those affected after). */
  notified: { employee_id: string; name: string }[];
  /** Staff with shifts this week but no e-mail address: the manager tells them. */
  not_notified: { employee_id: string; name: string }[];
};

export type RotaTemplate = {
  id: string;
  name: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  role: string | null;
};

export const SHIFT_TOO_LONG = `A shift can be at most ${MAX_SHIFT_HOURS} hours long.`;
export const SHIFT_ENDS_BEFORE_START = "The shift must end after it starts.";
export const BREAK_TOO_LONG = "The break must be shorter than the shift.";
export const ARCHIVED_EMPLOYEE = "This employee is archived: restore them before giving them shifts.";
export const UNKNOWN_EMPLOYEE = "This employee does not work at this location.";

export type CopyWeekResponse = { copied: number; skipped: number };
export type ClearWeekResponse = { deleted: number };
export type RotaTemplatesResponse = { templates: RotaTemplate[] };
export type TemplateResponse = { template: RotaTemplate };

export const SHIFT_NOT_FOUND = "Shift not found";
export const TEMPLATE_NOT_FOUND = "Template not found";
export const NOT_A_MONDAY = (date: string) => `${date} is not a Monday: a week is named by its Monday.`;
export const SAME_WEEK = "Choose a different week to copy to.";
export const TEMPLATE_ENDS_AT_START = "The template must end at a different time from its start.";
export const TOO_MANY_TEMPLATES = (max: number) =>
  `A location can keep at most ${max} templates: delete one you no longer use first.`;
/** Publishing a week that has warnings, without saying they were read. */
export const UNACKNOWLEDGED_WARNINGS = (count: number) =>
  `This week has ${count} working-time ${count === 1 ? "warning" : "warnings"}. Read ${count === 1 ? "it" : "them"}, then publish again to confirm.`;
