// A new location's setup checklist (GET /api/manager/setup/{locationId}, docs/setup-checklist.md): what is
// done, worked out from the location's own data each time it is asked.

/** The steps, in the order a new account takes them. */
export const SETUP_STEPS = ["location", "staff", "kiosk", "rules", "payroll_ids"] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

export type SetupStep = {
  id: SetupStepId;
  done: boolean;
  /** The plan includes what the step sets (break and pay rules, payroll IDs: Pro and Business). */
  on_plan: boolean;
};

export type SetupChecklistResponse = {
  location_id: string;
  steps: SetupStep[];
  /** Every step the plan includes is done: the dashboard no longer shows the checklist. */
  complete: boolean;
  /** Active employees at the location. */
  active_employees: number;
  /** Active employees without a payroll ID (works number). */
  missing_payroll_ids: number;
};
