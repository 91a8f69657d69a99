import { z } from "zod";
import { email } from "./auth";
import { EMPLOYEE_STATUSES, type EmployeeStatus } from "./employee-status";
import { idParam, locationParams } from "./params";
import { isSafeText, unsafeTextMessage } from "./text";

// Shared by the Worker (request validation) and the SPA (forms): the messages are the product's own.

export const PIN_MESSAGE = "PIN must be exactly 4 digits";
export const pin = z.string({ error: PIN_MESSAGE }).regex(/^\d{4}$/, PIN_MESSAGE);

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isSafeText, unsafeTextMessage(label))
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`);

export const firstName = personName("First name");
export const lastName = personName("Last name");

// The statuses and their labels live in ./employee-status.ts (zod-free: Live Status shows them on the
// dashboard's first screen); re-exported here.
export { EMPLOYEE_STATUSES, type EmployeeStatus, STATUS_LABELS, statusOf } from "./employee-status";

export const STATUS_NOTE_MAX = 100;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string) =>
  DATE_PATTERN.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** Optional YYYY-MM-DD; an empty form field ("" or null) means "not given". */
const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .refine(isRealDate, `${label} must be a date (YYYY-MM-DD)`)
      .optional(),
  );

export const END_BEFORE_START = "End date cannot be before the start date";
export const EMPLOYEE_NOT_FOUND = "Employee not found";

/** `/{employeeId}`: one of the caller's employees, wherever they work. */
export const employeeParams = z.object({ employeeId: idParam("Employee id") });
/** `/{locationId}/{employeeId}`: an employee named at one of the caller's locations. */
export const locationEmployeeParams = locationParams.extend(employeeParams.shape);

export const EMAIL_TAKEN = "Another employee already has this e-mail address.";

/**
 * Where the employee's rota is e-mailed (docs/rota.md, "Telling staff"): trimmed and lower-cased like every
 * e-mail address here; "" or null clears it, leaving it out keeps it as it is.
 */
export const employeeEmail = z.preprocess(
  // Only an empty field (or plain spaces) means none: an invisible or control character is refused, not dropped.
  (value) => (typeof value === "string" && /^ *$/.test(value) ? null : value),
  email.nullable().optional(),
);

export const createEmployeeRequest = z.strictObject({
  first_name: firstName,
  last_name: lastName,
  pin,
  email: employeeEmail,
  /** Optional; when sent it must be the location in the path. */
  location_id: z.string().optional(),
});

export const setActiveRequest = z.strictObject({
  active: z.boolean({ error: "active must be true or false" }),
});

export const changePinRequest = z.strictObject({ pin });

export const renameRequest = z.strictObject({
  first_name: firstName,
  last_name: lastName,
  email: employeeEmail,
});

export const changeStatusRequest = z
  .strictObject({
    status: z.enum(EMPLOYEE_STATUSES, { error: `Status must be one of: ${EMPLOYEE_STATUSES.join(", ")}` }),
    note: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string({ error: "Note must be text" })
        .refine(isSafeText, unsafeTextMessage("Status note"))
        .trim()
        .max(STATUS_NOTE_MAX, `Status note must be at most ${STATUS_NOTE_MAX} characters`)
        .optional(),
    ),
    start_date: optionalDate("Start date"),
    end_date: optionalDate("End date"),
  })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, {
    message: END_BEFORE_START,
    path: ["end_date"],
  });

export type Employee = {
  id: string;
  location_id: string;
  first_name: string;
  last_name: string;
  username: string;
  /** Where their rota is e-mailed; null: none given. */
  email: string | null;
  active: boolean;
  /** When they were last invited to the staff app (epoch ms); null: never. */
  staff_app_invited_at: number | null;
  current_status: EmployeeStatus;
  status_note: string | null;
  /** The latest status period, local dates; null when never set. */
  status_start_date: string | null;
  status_end_date: string | null;
  checked_in: boolean;
};

export type EmployeesResponse = { employees: Employee[] };
export type EmployeeResponse = { success: true; employee: Employee };
export type SuccessResponse = { success: true };
export type CloseSessionResponse = { success: true; message: string };
