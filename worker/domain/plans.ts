import type { PlanId } from "../contracts/auth";

// The one plan table. Every gate in the product reads from here, on the Worker and in
// the SPA alike: the SPA shows a feature or an upgrade hint from the same table the API enforces.

/** Features a plan switches on. VIP lifts the employee and location limits, and adds the AI assistant. */
export type Feature =
  | "dailyBreakSettings"
  | "employeeBreaks"
  | "csvExport"
  | "logoUpload"
  | "aiAssistant"
  /** Pay schedules, timesheet approval and payroll exports; corrections are on every plan. */
  | "payroll"
  /** UK working-time, minimum-wage and holiday checks, and the evidence pack. */
  | "compliance"
  /** Staff clock in from their own phones at the site (docs/staff-app.md). */
  | "phoneClockIn";

/** The automated report kinds (Pro: "7-day reports"; Business: "7-day, 14-day and monthly reports"). */
export const REPORT_KINDS = ["7_days", "14_days", "monthly"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  oneOffPence: number;
  monthlyPence: number;
  maxEmployeesPerLocation: number;
  /** `null`: unlimited. */
  maxLocations: number | null;
  /** Sign-ins per account, the owner included (docs/team.md); `null`: unlimited. */
  maxMembers: number | null;
  trialDays: number;
  features: Record<Feature, boolean>;
  /** Automated reports the plan makes and shows, cheapest first. */
  reportKinds: readonly ReportKind[];
};

const PAID_FEATURES: Record<Feature, boolean> = {
  dailyBreakSettings: true,
  employeeBreaks: true,
  csvExport: true,
  logoUpload: true,
  aiAssistant: true,
  payroll: true,
  compliance: true,
  phoneClockIn: true,
};

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    oneOffPence: 149_00,
    monthlyPence: 19_00,
    maxEmployeesPerLocation: 10,
    maxLocations: 1,
    maxMembers: 1,
    trialDays: 0,
    features: {
      dailyBreakSettings: false,
      employeeBreaks: false,
      csvExport: false,
      logoUpload: false,
      aiAssistant: false,
      payroll: false,
      compliance: false,
      phoneClockIn: false,
    },
    reportKinds: ["7_days"],
  },
  pro: {
    id: "pro",
    name: "Pro",
    oneOffPence: 249_00,
    monthlyPence: 39_00,
    maxEmployeesPerLocation: 50,
    maxLocations: 3,
    maxMembers: 5,
    trialDays: 3,
    features: PAID_FEATURES,
    reportKinds: ["7_days", "14_days", "monthly"],
  },
  business: {
    id: "business",
    name: "Business",
    oneOffPence: 399_00,
    monthlyPence: 99_00,
    maxEmployeesPerLocation: 150,
    maxLocations: null,
    maxMembers: null,
    trialDays: 0,
    features: PAID_FEATURES,
    // "Full reporting suite": every kind there is, including any added later.
    reportKinds: REPORT_KINDS,
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

/** How many sign-ins (owner, members and pending invitations) the account may have; `null` is unlimited. */
export const maxMembersFor = (account: Account): number | null =>
  account.isVip ? null : planOf(account.plan).maxMembers;

/** The plan's team allowance in words, for the plan cards and the comparison table. */
export const teamText = (plan: Plan): string =>
  plan.maxMembers === null
    ? "Unlimited team members"
    : plan.maxMembers === 1
      ? "1 sign-in (the owner)"
      : `Up to ${plan.maxMembers} team members`;

/** What an owner or admin who has reached the team limit is told to do. */
export function memberLimitMessage(account: Account): string {
  const plan = planOf(account.plan);
  const allowance =
    plan.maxMembers === 1 ? "1 sign-in, the owner's" : `up to ${plan.maxMembers} team members`;
  const next =
    plan.id === "starter"
      ? "Upgrade to Pro for up to 5 team members"
      : "Upgrade to Business for unlimited team members";
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

/** Spec §1: "Pro and Business (and VIP users) get an AI assistant". VIP changes no other feature. */
const VIP_FEATURES: readonly Feature[] = ["aiAssistant"];

/** Whether the account's plan (or VIP standing) includes a feature. */
export const hasFeature = (account: Pick<Account, "plan"> & { isVip?: boolean }, feature: Feature): boolean =>
  planOf(account.plan).features[feature] || (account.isVip === true && VIP_FEATURES.includes(feature));

export const includesReport = (account: Pick<Account, "plan">, kind: ReportKind): boolean =>
  planOf(account.plan).reportKinds.includes(kind);

const PLAN_ORDER = ["starter", "pro", "business"] as const satisfies readonly PlanId[];

/** "Pro and Business" (or "Pro or Business"): the plans that include a feature or report kind. */
export function plansWith(test: (plan: Plan) => boolean, conjunction: "and" | "or" = "and"): string {
  const names = PLAN_ORDER.map((id) => PLANS[id])
    .filter(test)
    .map((plan) => plan.name);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1)}`;
}

/** The cheapest plan that includes a feature: what an upgrade hint names ("Pro"). */
export const cheapestPlanWith = (feature: Feature): Plan | undefined =>
  PLAN_ORDER.map((id) => PLANS[id]).find((plan) => plan.features[feature]);

const FEATURE_DENIED: Record<Feature, (plans: { and: string; or: string }) => string> = {
  dailyBreakSettings: (p) =>
    `Daily break settings are available on the ${p.and} plans. Upgrade to unlock them.`,
  employeeBreaks: (p) => `Per-employee breaks are available on the ${p.and} plans. Upgrade to unlock them.`,
  // Spec §8: "CSV 403: requires Pro or Business plan".
  csvExport: (p) => `CSV export requires ${p.or} plan. Upgrade to download hours as CSV.`,
  logoUpload: (p) => `Logo upload is available on the ${p.and} plans. Upgrade to unlock it.`,
  aiAssistant: (p) =>
    `AI Assistant is only available for ${p.and} plan users. Upgrade your plan to access this feature.`,
  payroll: (p) =>
    `Pay periods, approval and payroll exports are available on the ${p.and} plans. Upgrade to unlock them.`,
  compliance: (p) =>
    `Working-time and holiday checks are available on the ${p.and} plans. Upgrade to unlock them.`,
  phoneClockIn: (p) => `Clocking in from the phone is available on the ${p.and} plans. Upgrade to unlock it.`,
};

/** The 403 detail for a feature the plan lacks; it names the plans that have it. */
export function featureDeniedMessage(feature: Feature): string {
  const test = (plan: Plan) => plan.features[feature];
  return FEATURE_DENIED[feature]({ and: plansWith(test, "and"), or: plansWith(test, "or") });
}

export const REPORT_KIND_NAMES: Record<ReportKind, string> = {
  "7_days": "7-day",
  "14_days": "14-day",
  monthly: "Monthly",
};

export function reportDeniedMessage(kind: ReportKind): string {
  const plans = plansWith((plan) => plan.reportKinds.includes(kind), "and");
  return `${REPORT_KIND_NAMES[kind]} reports are available on the ${plans} plans. Upgrade to see them.`;
}

// Plan info and user type, built from the table above.

/** Spec §3 plan info. `null` limits are unlimited (Business locations; VIP employees and locations). */
export type PlanInfo = {
  plan: PlanId;
  limits: {
    max_employees_per_location: number | null;
    max_locations: number | null;
    available_reports: ReportKind[];
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
      available_reports: [...planOf(account.plan).reportKinds],
      can_upload_logo: hasFeature(account, "logoUpload"),
      has_ai_assistant: hasFeature(account, "aiAssistant"),
    },
    current_usage: usage,
    is_vip: account.isVip,
  };
}

/** What the dashboard assumes when plan info cannot be loaded for a Starter account. */
export const STARTER_FALLBACK: PlanInfo = planInfo(
  { plan: "starter", isVip: false },
  { locations: 0, employees_by_location: [] },
);

/** Spec §6: subscription_status 'admin' makes the user an admin. */
export const userType = (subscriptionStatus: string): "admin" | "manager" =>
  subscriptionStatus === "admin" ? "admin" : "manager";
