import { ARCHIVED_EMPLOYEE, type ShiftRequest, UNKNOWN_EMPLOYEE } from "../contracts/rota";
import type { Db } from "../db/client";
import { findEmployeeById } from "../db/employees";
import { type PlannedShift, shiftProblem } from "../domain/rota";
import { formatDateAt, formatTimeAt, localDateOf, weekdayOf } from "../domain/time-zone";
import type { ShiftFields } from "../durable/client";
import { badRequest } from "../lib/errors";

// A shift asked for, as the rota tab and the public API add it (docs/rota.md): checked before its location's hub
// stores it, and the words of the hub's refusal when it overlaps another.

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Sam Patel already has a shift on Tue 03/11/2026 from 09:00 to 17:00.", in the location's time. */
export function overlapDetail(name: string, shift: PlannedShift, timeZone: string): string {
  const day = WEEKDAYS[weekdayOf(localDateOf(shift.start, timeZone)) % 7];
  const date = formatDateAt(shift.start, timeZone);
  return `${name} already has a shift on ${day} ${date} from ${formatTimeAt(shift.start, timeZone)} to ${formatTimeAt(shift.end, timeZone)}.`;
}

/**
 * The shift asked for, checked: its times and break, and that its employee (if any) works here and is not
 * archived. Answers the fields and the employee's name, for the overlap refusal.
 */
export async function shiftAsk(db: Db, locationId: string, input: ShiftRequest) {
  const fields: ShiftFields = {
    employeeId: input.employee_id,
    start: Date.parse(input.start_at),
    end: Date.parse(input.end_at),
    breakMinutes: input.break_minutes,
    role: input.role || null,
    notes: input.notes || null,
  };
  const problem = shiftProblem(fields);
  if (problem) throw badRequest(problem);
  if (fields.employeeId === null) return { fields, name: "" };
  const employee = await findEmployeeById(db, fields.employeeId);
  if (!employee || employee.locationId !== locationId) throw badRequest(UNKNOWN_EMPLOYEE);
  if (employee.deletedAt !== null || !employee.active) throw badRequest(ARCHIVED_EMPLOYEE);
  return { fields, name: `${employee.firstName} ${employee.lastName}` };
}
