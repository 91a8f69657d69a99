import { z } from "zod";
import { idParam, locationParams } from "./params";
import type { LeaveRequestView } from "./staff-leave";
import { isSafeText, unsafeTextMessage } from "./text";

// The managers' Leave tab (docs/staff-app.md, "Holiday and leave requests"): staff's leave requests, deciding
// them, and a month of who is off.

const note = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .refine(isSafeText, unsafeTextMessage(label))
    .trim()
    .max(200, `${label} must be at most 200 characters`);

export const DECLINE_NOTE_REQUIRED = "Say why the request is declined: the staff member sees this note.";
export const LEAVE_CLASHES = (count: number) =>
  `This leave clashes with ${count === 1 ? "a published shift" : `${count} published shifts`}. Make ${count === 1 ? "it an open shift" : "them open shifts"} to approve it.`;
export const EMPLOYEE_GONE = "This staff member no longer works here.";

export const leaveRequestIdParams = z.object({ requestId: idParam("Leave request id") });
export const leaveCalendarParams = locationParams;

export const approveLeaveRequest = z.strictObject({
  note: note("Note").optional(),
  open_clashing_shifts: z.boolean({ error: "open_clashing_shifts must be true or false" }).optional(),
});
export const declineLeaveRequest = z.strictObject({
  note: note("Note").min(1, DECLINE_NOTE_REQUIRED),
});

export const MONTH_INVALID = "month must be a month as YYYY-MM";
export const leaveCalendarQuery = z.object({
  month: z
    .string({ error: MONTH_INVALID })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_INVALID)
    .optional(),
});

/** A published shift the leave clashes with. */
export type LeaveClash = {
  shift_id: string;
  start_at: string;
  end_at: string;
  role: string | null;
};

/** Someone else at the location off on some of the days. */
export type OffAlongside = { employee_id: string; name: string; status: string; dates: string[] };

export type ManagerLeaveRequest = LeaveRequestView & {
  employee_id: string;
  name: string;
  /** The staff member's holiday left now (the Employees tab's figure), in `unit`; null: unknown. */
  balance: number | null;
  /** Pending requests only (decided ones: empty). */
  others_off: OffAlongside[];
  clashes: LeaveClash[];
};

export type LeaveRequestsResponse = { location_id: string; requests: ManagerLeaveRequest[] };

/** The approve/decline answer. */
export type LeaveDecisionResponse = { request: ManagerLeaveRequest; opened_shifts: number };

/** A 409 from approve: the clashing published shifts. */
export type LeaveClashRefusal = { detail: string; clashes: LeaveClash[] };

export type LeaveCalendarDay = {
  date: string;
  off: { employee_id: string; name: string; status: string }[];
};
export type LeaveCalendarResponse = { location_id: string; month: string; days: LeaveCalendarDay[] };
