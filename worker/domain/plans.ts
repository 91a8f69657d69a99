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
