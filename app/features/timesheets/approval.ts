import type { TimesheetEmployee } from "@contracts/timesheets";

// What the pay period's approval bar, its hook and its dialogs share (./components/pay-period-approval.tsx).

export const APPROVE_FAILED = "Could not approve the pay period. Please try again.";
export const UNLOCK_FAILED = "Could not unlock the pay period. Please try again.";

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who an approval is for: everyone on the timesheet, or one employee. */
export type Target = { employee: TimesheetEmployee } | { everyone: true };

export const targetName = (target: Target) => ("employee" in target ? target.employee.name : null);

/** "Approved by Sam Patel." (or "… by Sam Patel and Priya Nair."): who approved the period so far; null: no one. */
export function approversText(employees: readonly TimesheetEmployee[]): string | null {
  const names = [
    ...new Set(employees.flatMap((e) => (e.approved_at !== null && e.approved_by ? [e.approved_by] : []))),
  ];
  if (names.length === 0) return null;
  const last = names.pop();
  return `Approved by ${names.length > 0 ? `${names.join(", ")} and ${last}` : last}.`;
}
