import type { PlanId } from "../contracts/auth";

// The one plan table. Every gate in the product reads from here (spec §6, §9).
export type Plan = {
  id: PlanId;
  name: string;
  oneOffPence: number;
  monthlyPence: number;
  maxEmployeesPerLocation: number;
  /** `null`: unlimited. */
  maxLocations: number | null;
  trialDays: number;
};

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    oneOffPence: 149_00,
    monthlyPence: 19_00,
    maxEmployeesPerLocation: 10,
    maxLocations: 1,
    trialDays: 0,
  },
  pro: {
    id: "pro",
    name: "Pro",
    oneOffPence: 249_00,
    monthlyPence: 39_00,
    maxEmployeesPerLocation: 50,
    maxLocations: 3,
    trialDays: 3,
  },
  business: {
    id: "business",
    name: "Business",
    oneOffPence: 399_00,
    monthlyPence: 99_00,
    maxEmployeesPerLocation: 150,
    maxLocations: null,
    trialDays: 0,
  },
};

export const planOf = (id: string): Plan => PLANS[id as PlanId] ?? PLANS.starter;

export type Account = { plan: string; isVip: boolean };

/** How many live locations the account may have; `null` is unlimited (Business, or VIP). */
export const maxLocationsFor = (account: Account): number | null =>
  account.isVip ? null : planOf(account.plan).maxLocations;

/** What a manager who has reached the location limit is told to do. */
export function locationLimitMessage(account: Account): string {
  const plan = planOf(account.plan);
  const allowance = plan.maxLocations === 1 ? "1 location" : `up to ${plan.maxLocations} locations`;
  const next =
    plan.id === "starter"
      ? "Upgrade to Pro for up to 3 locations"
      : "Upgrade to Business for unlimited locations";
  return `Your ${plan.name} plan includes ${allowance}. ${next}.`;
}

/** How many employees (active or not, deleted ones excepted) a location may have; `null` is unlimited (VIP). */
export const maxEmployeesFor = (account: Account): number | null =>
  account.isVip ? null : planOf(account.plan).maxEmployeesPerLocation;

/** What a manager who has reached the employee limit is told to do. */
export function employeeLimitMessage(account: Account): string {
  const plan = planOf(account.plan);
  const limit = `Your ${plan.name} plan includes up to ${plan.maxEmployeesPerLocation} employees per location.`;
  const next =
    plan.id === "starter"
      ? "Upgrade to Pro for up to 50 employees per location, or delete employees who have left."
      : plan.id === "pro"
        ? "Upgrade to Business for up to 150 employees per location, or delete employees who have left."
        : "Delete employees who have left to make room, or contact support about a larger allowance.";
  return `${limit} ${next}`;
}

/** Statuses in which the account must pay before using the dashboard. */
const BLOCKING_STATUSES = new Set(["suspended", "trial_expired"]);
export const subscriptionRequired = (status: string) => BLOCKING_STATUSES.has(status);

// ---------------------------------------------------------------------------------------------------
// Billing (issue 6): what each plan unlocks, and the plan-info answer. Kept below the limits above so
// other gates can be added without touching this section.
// ---------------------------------------------------------------------------------------------------

/** Report ranges, shortest first. Starter keeps 7-day reports; Pro and Business get every range. */
export const REPORT_RANGES = ["7_days", "14_days", "monthly"] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export type PlanFeature =
  | "logo_upload"
  | "csv_export"
  | "daily_breaks"
  | "employee_breaks"
  | "ai_assistant"
  | "priority_support";

/** Spec §6: what each plan unlocks, beyond its limits. */
export const PLAN_FEATURES: Record<
  PlanId,
  { features: readonly PlanFeature[]; reports: readonly ReportRange[] }
> = {
  starter: { features: [], reports: ["7_days"] },
  pro: {
    features: ["logo_upload", "csv_export", "daily_breaks", "employee_breaks", "ai_assistant"],
    reports: REPORT_RANGES,
  },
  business: {
    features: [
      "logo_upload",
      "csv_export",
      "daily_breaks",
      "employee_breaks",
      "ai_assistant",
      "priority_support",
    ],
    reports: REPORT_RANGES,
  },
};

/** Features VIP accounts get whatever their plan (spec §1: Pro, Business and VIP users get the assistant). */
const VIP_FEATURES: readonly PlanFeature[] = ["ai_assistant"];

/** Whether the account's plan (or VIP standing) unlocks the feature. */
export const can = (account: Account, feature: PlanFeature): boolean =>
  PLAN_FEATURES[planOf(account.plan).id].features.includes(feature) ||
  (account.isVip && VIP_FEATURES.includes(feature));

export const availableReports = (account: Account): readonly ReportRange[] =>
  PLAN_FEATURES[planOf(account.plan).id].reports;

/** Spec §3 plan info. `null` limits are unlimited (Business locations; VIP employees and locations). */
export type PlanInfo = {
  plan: PlanId;
  limits: {
    max_employees_per_location: number | null;
    max_locations: number | null;
    available_reports: ReportRange[];
    can_upload_logo: boolean;
    has_ai_assistant: boolean;
  };
  current_usage: Usage;
  is_vip: boolean;
};

/** Live locations, and each one's employees (the per-location limit applies to each). */
export type Usage = {
  locations: number;
  employees_by_location: { location_id: string; name: string; employees: number }[];
};

export function planInfo(account: Account, usage: Usage): PlanInfo {
  return {
    plan: planOf(account.plan).id,
    limits: {
      max_employees_per_location: maxEmployeesFor(account),
      max_locations: maxLocationsFor(account),
      available_reports: [...availableReports(account)],
      can_upload_logo: can(account, "logo_upload"),
      has_ai_assistant: can(account, "ai_assistant"),
    },
    current_usage: usage,
    is_vip: account.isVip,
  };
}

/** What the dashboard assumes when plan info cannot be loaded for a Starter account (spec §8). */
export const STARTER_FALLBACK: PlanInfo = planInfo(
  { plan: "starter", isVip: false },
  { locations: 0, employees_by_location: [] },
);

/** Spec §6: subscription_status 'admin' makes the user an admin. */
export const userType = (subscriptionStatus: string): "admin" | "manager" =>
  subscriptionStatus === "admin" ? "admin" : "manager";
