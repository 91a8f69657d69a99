import { STATUS_LABELS, statusOf } from "@contracts/employee-status";
import type { Employee } from "@contracts/employees";
import type { RotaLeaveDay, RotaShift, RotaWarning } from "@contracts/rota";
import type { LocalDate } from "@domain/time-zone";
import { shiftTimes } from "./shift-time";

// The grid's rows and cells: the open shifts first, then the location's active employees by name, and an
// archived employee only while they still have a shift in the week.

export type RotaRow = { employeeId: string | null; name: string; archived: boolean };

export const OPEN_ROW: RotaRow = { employeeId: null, name: "Open shifts", archived: false };

const fullName = (employee: Employee) => `${employee.first_name} ${employee.last_name}`;

export function rotaRows(employees: Employee[], shifts: RotaShift[]): RotaRow[] {
  const planned = new Set(shifts.map((shift) => shift.employee_id));
  const known = new Set(employees.map((employee) => employee.id));
  const rows = employees
    .filter((employee) => employee.active || planned.has(employee.id))
    .map((employee) => ({ employeeId: employee.id, name: fullName(employee), archived: !employee.active }));
  // A shift whose employee the list no longer has (removed since): still shown, not lost.
  for (const id of planned) {
    if (id !== null && !known.has(id)) rows.push({ employeeId: id, name: "Former employee", archived: true });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  return [OPEN_ROW, ...rows];
}

const cellKey = (employeeId: string | null, date: LocalDate) => `${employeeId ?? "open"}|${date}`;

/** The week's shifts by row and day, each cell's in order of start. */
export function cellsOf(shifts: RotaShift[], timeZone: string) {
  const cells = new Map<string, RotaShift[]>();
  const sorted = [...shifts].sort((a, b) => a.start_at.localeCompare(b.start_at));
  for (const shift of sorted) {
    const key = cellKey(shift.employee_id, shiftTimes(shift, timeZone).date);
    cells.set(key, [...(cells.get(key) ?? []), shift]);
  }
  return (employeeId: string | null, date: LocalDate) => cells.get(cellKey(employeeId, date)) ?? [];
}

/** Who is on leave on a day, by employee and date: the status's label ("Holiday"), or undefined. */
export function leaveOf(leave: readonly RotaLeaveDay[]) {
  const days = new Map(leave.map((day) => [cellKey(day.employee_id, day.date), day.status]));
  return (employeeId: string | null, date: LocalDate): string | undefined => {
    const status = employeeId === null ? undefined : days.get(cellKey(employeeId, date));
    return status === undefined ? undefined : STATUS_LABELS[statusOf(status)];
  };
}

/** Each shift's warnings, by its id. */
export function warningsByShift(warnings: RotaWarning[]) {
  const byShift = new Map<string, RotaWarning[]>();
  for (const warning of warnings) {
    if (warning.shift_id) byShift.set(warning.shift_id, [...(byShift.get(warning.shift_id) ?? []), warning]);
  }
  return (shiftId: string) => byShift.get(shiftId) ?? [];
}

/** The name a shift is shown and read out under. */
export const nameOf = (rows: RotaRow[], employeeId: string | null) =>
  employeeId === null
    ? "Open shift"
    : (rows.find((row) => row.employeeId === employeeId)?.name ?? "Former employee");
