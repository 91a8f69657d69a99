import type { PlatformData } from "./platform-tools";

// The super admin's offline analyst: the common questions, answered from the platform tools' functions.

export const PLATFORM_HELP = [
  "I'm Clocked's built-in analyst, not an AI language model, so I understand a few kinds of question:",
  "• How many users signed up recently? (growth)",
  "• How are accounts spread across the plans?",
  "• Which locations are busiest?",
  "• How much is the AI assistant used?",
  "• Give me an overview.",
].join("\n");

type Answer = (data: PlatformData) => Promise<string>;

const growth: Answer = async (data) => {
  const g = await data.growth();
  return `${g.total_users} users in total: ${g.new_last_7_days} new in the last 7 days, ${g.new_last_30_days} in the last 30 days and ${g.new_last_90_days} in the last 90 days.`;
};

const plans: Answer = async (data) => {
  const p = await data.plans();
  return `Plan distribution: Starter ${p.starter}, Pro ${p.pro}, Business ${p.business}.`;
};

const busiest: Answer = async (data) => {
  const rows = await data.busiestLocations();
  if (rows.length === 0) return "No location has had a check-in in the last 30 days.";
  return `Busiest locations over the last 30 days: ${rows.map((r, i) => `${i + 1}. ${r.name} (${r.event_count} ${r.event_count === 1 ? "check-in" : "check-ins"})`).join(", ")}.`;
};

// Counts only: managers' questions are theirs, and may name their staff.
const aiUsage: Answer = async (data) => {
  const u = await data.aiUsage();
  const p = u.queries_by_plan;
  return `Managers have asked the AI assistant ${u.total_queries} questions (${u.queries_last_7_days} in the last 7 days, ${u.queries_last_30_days} in the last 30 days), from ${u.managers_who_asked} accounts. By plan: Starter ${p.starter}, Pro ${p.pro}, Business ${p.business}.`;
};

const overview: Answer = async (data) => {
  const o = await data.overview();
  return [
    `Users: ${o.total_users} (${o.active_users} active in the last 30 days, ${o.recent_users} new in the last 7 days).`,
    `Locations: ${o.total_locations}; employees: ${o.total_employees}; check-ins in the last 7 days: ${o.recent_events}.`,
    `AI questions so far: ${o.ai_queries_total}.`,
  ].join("\n");
};

const INTENTS: [RegExp, Answer][] = [
  [/\b(ai|assistant|quer(y|ies)|questions?|jarvis)\b/, aiUsage],
  [/\b(plans?|starter|pro|business|distribution|subscri)/, plans],
  [/\b(busiest|active locations?|most active|locations?|sites?|check-?ins?)\b/, busiest],
  [/\b(growth|grow|sign-?ups?|signed up|new users?|users?|accounts?|customers?)\b/, growth],
  [/\b(overview|summary|stats|statistics|how are we doing|dashboard)\b/, overview],
];

export async function answerPlatformOffline(question: string, data: PlatformData): Promise<string> {
  const q = question.toLowerCase();
  const intent = INTENTS.find(([pattern]) => pattern.test(q));
  return intent ? intent[1](data) : PLATFORM_HELP;
}
