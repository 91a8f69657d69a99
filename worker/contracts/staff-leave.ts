import { z } from "zod";
import { idParam } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// The staff app's holiday and leave requests (docs/staff-app.md, "Holiday and leave requests"). The staff app
// imports the answer types only (`import type`): this file carries zod for the Worker's validation.

export const LEAVE_TYPES = ["holiday", "unpaid", "other"] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_NOTE_MAX = 100;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string) =>
  DATE_PATTERN.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const date = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine(isRealDate, `${label} must be a date (YYYY-MM-DD)`);

export const LEAVE_END_BEFORE_START = "The last day can't be before the first day.";
export const LEAVE_HALF_DAY_ONE_DAY = "A half day can only be asked for on a single day.";
export const LEAVE_IN_THE_PAST = "You can't ask for leave on a day that has already gone.";
export const LEAVE_OVERLAPS = (first: string, last: string) =>
  `You've already asked for leave on some of these days (${first === last ? first : `${first} to ${last}`}).`;
export const LEAVE_NO_WORKING_DAYS =
  "There are no working days in these dates: weekends and bank holidays are off already.";
export const LEAVE_BEYOND_BALANCE = (uses: string, left: string) =>
  `This would use ${uses} of holiday, and you have ${left} left once your other requests are counted.`;
export const LEAVE_REQUEST_NOT_FOUND = "Leave request not found";
export const LEAVE_ALREADY_STARTED =
  "This leave has already started, so it can't be cancelled here. Ask your manager.";
export const LEAVE_ALREADY_DECIDED = (status: string) => `This request is already ${status}.`;

/** POST /api/staff/me/leave-requests. */
export const leaveRequestCreate = z
  .strictObject({
    type: z.enum(LEAVE_TYPES, { error: "Type must be holiday, unpaid or other" }),
    start_date: date("First day"),
    end_date: date("Last day"),
    half_day: z.enum(["am", "pm"], { error: "Half day must be am or pm" }).optional(),
    note: z
      .string({ error: "Note must be text" })
      .refine(isSafeText, unsafeTextMessage("Note"))
      .trim()
      .max(LEAVE_NOTE_MAX, `Note must be at most ${LEAVE_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((body) => body.end_date >= body.start_date, { message: LEAVE_END_BEFORE_START, path: ["end_date"] })
  .refine((body) => body.half_day === undefined || body.start_date === body.end_date, {
    message: LEAVE_HALF_DAY_ONE_DAY,
    path: ["half_day"],
  });
export type LeaveRequestCreate = z.input<typeof leaveRequestCreate>;

export const leaveRequestParams = z.object({ requestId: idParam("Leave request id") });

export type LeaveRequestStatus = "pending" | "approved" | "declined" | "cancelled";

/** A leave request as its staff member sees it. */
export type LeaveRequestView = {
  id: string;
  type: LeaveType;
  /** The location's local dates, YYYY-MM-DD, both included. */
  start_date: string;
  end_date: string;
  half_day: "am" | "pm" | null;
  note: string | null;
  status: LeaveRequestStatus;
  /** What it uses (holiday from the balance; unpaid and other are counted the same way, for the record). */
  uses: number;
  unit: "days" | "hours";
  decided_by_name: string | null;
  /** ISO 8601 UTC. */
  decided_at: string | null;
  decision_note: string | null;
  created_at: string;
};

/** GET /api/staff/me/holiday: the Employees tab's figures for the signed-in employee, and pending requests. */
export type StaffHolidayResponse = {
  unit: "days" | "hours";
  leave_year_start: string;
  leave_year_end: string;
  entitlement: number | null;
  accrued: number | null;
  carried_over: number;
  taken: number;
  booked: number;
  remaining: number | null;
  /** Holiday asked for and not yet decided. */
  pending: number;
  /** Why a figure is missing, in words; null when nothing is. */
  missing: string | null;
};

export type StaffLeaveRequestsResponse = { requests: LeaveRequestView[] };

/** POST's answer: what it will use, and the holiday left if it and every other pending request is approved. */
export type LeaveRequestCreated = {
  request: LeaveRequestView;
  uses: { days: number } | { hours: number };
  balance_after: number | null;
};
