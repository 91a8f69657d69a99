import type { Db } from "../../db/client";
import { aiUsage, busiestLocationsQuery, platformAnalytics, userGrowth } from "../../db/platform-analytics";
import { DAY_MS } from "../../domain/time-zone";
import { type AssistantTool, NO_PARAMETERS, TOOL_RESULTS_ARE_DATA } from "./tools";

// The super admin's assistant: platform-wide, read-only, aggregate figures. No e-mail addresses, no
// account ids, no employee names, no managers' questions: counts, plan names and location names. Location
// names are the one text tenants write that reaches this model, and only as quoted data (see tools.ts).

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.round(value)))
    : fallback;

export function platformData(db: Db, now = Date.now()) {
  return {
    overview: async () => {
      const { overview, plan_distribution } = await platformAnalytics(db, now);
      return { ...overview, plan_distribution };
    },
    growth: () => userGrowth(db, now),
    plans: async () => (await platformAnalytics(db, now)).plan_distribution,
    busiestLocations: (days = 30, limit = 5) => busiestLocationsQuery(db, now - days * DAY_MS, limit),
    aiUsage: () => aiUsage(db, now),
  };
}

export type PlatformData = ReturnType<typeof platformData>;

export function platformTools(data: PlatformData): AssistantTool[] {
  return [
    {
      name: "platform_overview",
      description:
        "Headline counters: users, active and recent users, locations, employees, recent events, AI questions.",
      parameters: NO_PARAMETERS,
      run: () => data.overview(),
    },
    {
      name: "user_growth",
      description: "New verified accounts in the last 7, 30 and 90 days, and the total.",
      parameters: NO_PARAMETERS,
      run: () => data.growth(),
    },
    {
      name: "plan_distribution",
      description: "How many accounts are on each plan (starter, pro, business).",
      parameters: NO_PARAMETERS,
      run: () => data.plans(),
    },
    {
      name: "busiest_locations",
      description: "Locations with the most check-ins over the last N days.",
      parameters: {
        type: "object",
        properties: {
          days: { type: "number", description: "Look-back in days, 1 to 365 (default 30)" },
          limit: { type: "number", description: "How many locations, 1 to 20 (default 5)" },
        },
        additionalProperties: false,
      },
      run: (args) => data.busiestLocations(clamp(args.days, 1, 365, 30), clamp(args.limit, 1, 20, 5)),
    },
    {
      name: "ai_usage",
      description:
        "How much managers use their AI assistant: question counts (total, last 7 and 30 days, by plan) and how many accounts asked.",
      parameters: NO_PARAMETERS,
      run: () => data.aiUsage(),
    },
  ];
}

export const PLATFORM_SYSTEM_PROMPT = [
  "You are the analytics assistant in Clocked's super admin console, a UK time-and-attendance platform.",
  "Use the tools for every figure; never invent numbers. Answer briefly in British English.",
  "You only read aggregate data (counts, plans, location names) and cannot change anything;",
  "you never see managers' questions, e-mail addresses or the names of anyone's staff.",
  TOOL_RESULTS_ARE_DATA,
].join(" ");
