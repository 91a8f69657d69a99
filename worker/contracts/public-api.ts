import { z } from "zod";
import { createEmployeeRequest, employeeEmail } from "./employees";
import { idParam } from "./params";
import type { EmployeePay } from "./pay";

// The public API, /api/v1 (docs/public-api.md): its query strings, its bodies and its records. Every list is a
// page: `data` in the order of a stable key (the record's id), and `next_cursor` to ask for the next page.

export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;
/** The longest date range a list of a location's attendance, shifts or approvals may ask for. */
export const RANGE_DAYS_MAX = 62;

const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, "The cursor is not valid: pass next_cursor from the previous page")
  .optional();
const limit = z
  .string()
  .regex(/^\d{1,3}$/, `The limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`)
  .transform(Number)
  .refine(
    (n) => n >= 1 && n <= PAGE_LIMIT_MAX,
    `The limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
  )
  .optional();
const updatedSince = z.iso
  .datetime({ offset: true, error: "updated_since must be a date and time, e.g. 2026-11-02T09:00:00Z" })
  .transform((value) => Date.parse(value))
  .optional();

export const pageQuery = z.object({ cursor, limit });
/** A list of records that say when they last changed. */
export const syncQuery = pageQuery.extend({
  updated_since: updatedSince,
  location_id: idParam("Location id").optional(),
});

const day = (label: string) => z.iso.date({ error: `${label} must be a date, YYYY-MM-DD` });
/** A location's dated records: from and to are local dates, both included. */
export const rangeQuery = pageQuery.extend({ from: day("from"), to: day("to") });
export const attendanceQuery = rangeQuery.extend({
  state: z.enum(["recorded", "approved"], { error: "state must be recorded or approved" }).optional(),
});

export const v1EmployeeParams = z.object({ employeeId: idParam("Employee id") });

export const v1CreateEmployeeRequest = createEmployeeRequest.extend({ location_id: idParam("Location id") });
export const v1UpdateEmployeeRequest = z
  .strictObject({
    first_name: createEmployeeRequest.shape.first_name.optional(),
    last_name: createEmployeeRequest.shape.last_name.optional(),
    email: employeeEmail,
    active: z.boolean({ error: "active must be true or false" }).optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    "Send at least one of first_name, last_name, email, active",
  );

export type Page<T> = { data: T[]; next_cursor: string | null };

export type V1Location = { id: string; name: string; timezone: string };

export type V1Employee = {
  id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  active: boolean;
  /** When they were archived (removed from the location); null while they work there. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  /** Only for a read-write key of an account that allows pay data (docs/public-api.md, "Pay data"). */
  pay?: Pick<EmployeePay, "payroll_id" | "hourly_rate" | "contracted_weekly_hours">;
};

export type V1Entry = {
  id: string;
  employee_id: string;
  check_in: string;
  check_out: string | null;
  breaks: { start: string; end: string | null }[];
  /** kiosk, manager, phone…: where the entry came from. */
  source: string;
  edited: boolean;
  voided: boolean;
  /** In a pay period approved for this employee. */
  approved: boolean;
  correction_reason: string | null;
  corrected_at: string | null;
};

export type V1Shift = {
  id: string;
  employee_id: string | null;
  start: string;
  end: string;
  break_minutes: number;
  role: string | null;
  notes: string | null;
};

export type V1Approval = {
  /** The period and the employee: one approval each. */
  id: string;
  period_key: string;
  employee_id: string;
  approved_at: string;
  approved_by: string;
};

export type V1Leave = {
  id: string;
  location_id: string;
  employee_id: string;
  type: string;
  start_date: string;
  end_date: string;
  half_day: "am" | "pm" | null;
  status: string;
  uses: number;
  unit: string;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
};

export const RANGE_TOO_LONG = `from and to may be at most ${RANGE_DAYS_MAX} days apart`;
export const RANGE_BACKWARDS = "to must not be before from";
