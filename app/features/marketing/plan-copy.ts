import type { PlanId } from "@contracts/auth";
import { formatPounds } from "@domain/money";
import { PLANS, type Plan, teamText } from "@domain/plans";

// Words about the plans. Every number (prices, limits, trial length) comes from the plan table.

export const PLAN_LIST: readonly Plan[] = [PLANS.starter, PLANS.pro, PLANS.business];

export const locationsText = (plan: Plan): string =>
  plan.maxLocations === null
    ? "Unlimited locations"
    : plan.maxLocations === 1
      ? "1 location"
      : `Up to ${plan.maxLocations} locations`;

export const employeesText = (plan: Plan): string => `${plan.maxEmployeesPerLocation} employees per location`;

export { teamText };

export const trialText = (plan: Plan): string | null =>
  plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : null;

export const priceText = (plan: Plan): string =>
  `${formatPounds(plan.monthlyPence)} a month after a ${formatPounds(plan.oneOffPence)} one-off implementation fee`;

/** Who the plan suits, shown on its card. */
export const PLAN_NOTES: Record<PlanId, (plan: Plan) => string> = {
  starter: () => "For 5–10 staff · 7-day reports",
  pro: (plan) => trialText(plan) ?? "For growing teams and small chains",
  business: () => "For 50–150 staff · multi-site",
};

export const PLAN_FEATURES: Record<PlanId, readonly string[]> = {
  starter: [
    "PIN clock-in kiosk",
    "Live attendance view",
    "Timesheets with corrections and an audit trail",
    "Basic kiosk customisation",
    "7-day reports",
  ],
  pro: [
    "Everything in Starter",
    "Team sign-ins with roles: admins, location managers, payroll",
    "Your logo on the kiosk",
    "CSV exports for payroll",
    "Pay periods, timesheet approval and payroll exports (BrightPay, Sage 50, Xero, Staffology)",
    "Daily break management",
    "AI assistant",
    "7-day, 14-day and monthly reports",
  ],
  business: ["Everything in Pro", "Advanced break management", "Full reporting suite", "Priority support"],
};

/** Rows of the plan comparison table: a label and one cell per plan. */
export const COMPARISON_ROWS: readonly { label: string; cell: (plan: Plan) => string }[] = [
  { label: "Monthly price", cell: (plan) => formatPounds(plan.monthlyPence) },
  { label: "One-off implementation", cell: (plan) => formatPounds(plan.oneOffPence) },
  { label: "Employees per location", cell: (plan) => String(plan.maxEmployeesPerLocation) },
  {
    label: "Locations",
    cell: (plan) => (plan.maxLocations === null ? "Unlimited" : String(plan.maxLocations)),
  },
  {
    label: "Team members (own sign-ins)",
    cell: (plan) =>
      plan.maxMembers === null
        ? "Unlimited"
        : plan.maxMembers === 1
          ? "1 (the owner)"
          : String(plan.maxMembers),
  },
  { label: "Free trial", cell: (plan) => (plan.trialDays > 0 ? `${plan.trialDays} days` : "No") },
  {
    label: "Reports",
    cell: (plan) =>
      ({ starter: "7-day", pro: "7-day, 14-day, monthly", business: "Full reporting suite" })[plan.id],
  },
  { label: "CSV exports for payroll", cell: (plan) => (plan.id === "starter" ? "No" : "Yes") },
  { label: "Timesheet corrections", cell: () => "Yes" },
  {
    label: "Timesheet approval and payroll exports",
    cell: (plan) => (plan.id === "starter" ? "No" : "Yes"),
  },
  {
    label: "Break management",
    cell: (plan) => ({ starter: "No", pro: "Daily break settings", business: "Advanced" })[plan.id],
  },
  { label: "Logo on the kiosk", cell: (plan) => (plan.id === "starter" ? "No" : "Yes") },
  { label: "AI assistant", cell: (plan) => (plan.id === "starter" ? "No" : "Yes") },
  { label: "Support", cell: (plan) => (plan.id === "business" ? "Priority" : "Standard") },
];
