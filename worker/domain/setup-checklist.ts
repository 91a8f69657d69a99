import { SETUP_STEPS, type SetupChecklistResponse, type SetupStepId } from "../contracts/setup";
import { hasFeature } from "./plans";

/** What the checklist is worked out from: the location's data as it is now (worker/db/setup.ts). */
export type SetupFacts = {
  activeEmployees: number;
  /** Active employees without a payroll ID. */
  missingPayrollIds: number;
  /** The location has a paired kiosk device (revoked ones too), or has ever recorded a punch. */
  kioskUsed: boolean;
  /** Pay rules were saved (the schedule or overtime), or the break settings differ from the defaults. */
  rulesSet: boolean;
};

/**
 * The location's setup checklist. A location exists (the checklist is one location's); staff are added
 * with their PINs (a PIN is required to add anyone); the kiosk has been used or paired; breaks and pay
 * rules were set; every active employee has a payroll ID. Steps the plan does not include (the rules and
 * payroll IDs on Starter) are shown but do not hold the checklist open.
 */
export function setupChecklist(
  locationId: string,
  facts: SetupFacts,
  account: Parameters<typeof hasFeature>[0],
): SetupChecklistResponse {
  const payroll = hasFeature(account, "payroll");
  const onPlan: Record<SetupStepId, boolean> = {
    location: true,
    staff: true,
    kiosk: true,
    // Daily break settings and pay rules are both Pro and Business; either sets the step.
    rules: payroll || hasFeature(account, "dailyBreakSettings"),
    payroll_ids: payroll,
  };
  const done: Record<SetupStepId, boolean> = {
    location: true,
    staff: facts.activeEmployees > 0,
    kiosk: facts.kioskUsed,
    rules: facts.rulesSet,
    payroll_ids: facts.activeEmployees > 0 && facts.missingPayrollIds === 0,
  };
  const steps = SETUP_STEPS.map((id) => ({ id, done: done[id], on_plan: onPlan[id] }));
  return {
    location_id: locationId,
    steps,
    complete: steps.every((step) => step.done || !step.on_plan),
    active_employees: facts.activeEmployees,
    missing_payroll_ids: facts.missingPayrollIds,
  };
}
