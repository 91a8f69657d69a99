import type { TimesheetEmployee } from "@contracts/timesheets";

// What the pay period's approval bar, its hook and its dialogs share (./components/pay-period-approval.tsx).

export const APPROVE_FAILED = "Could not approve the pay period. Please try again.";
export const UNLOCK_FAILED = "Could not unlock the pay period. Please try again.";

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who an approval is for: everyone on the timesheet, or one employee. */
export type Target = { employee: TimesheetEmployee } | { everyone: true };

export const targetName = (target: Target) => ("employee" in target ? target.employee.name : null);
