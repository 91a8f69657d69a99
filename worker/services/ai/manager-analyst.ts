import { STATUS_LABELS } from "../../contracts/employees";
import type { LeaveStatus } from "../../domain/leave";
import type { ManagerData, NotFound } from "./manager-data";

// The offline analyst: no language model, just the common questions matched by their words and answered
// from the same functions the model's tools call. It says what it can answer when it does not understand.

export const MANAGER_HELP = [
  "I'm Clocked's built-in analyst, not an AI language model, so I understand a few kinds of question:",
  "• Who is in right now?",
  "• Who worked over 40 hours this week? (or this month)",
  "• How many sick days this year? (or holiday, personal, parental or training days; this month, this week)",
  "• Who was late today? (or this week)",
  "• How many employees do I have? Who is on leave?",
  "• Who broke the 11-hour rest rule last week? (or any working-time rule, this week)",
].join("\n");

type Answer = (question: string, data: ManagerData) => Promise<string>;
type Section<T> = readonly T[] | NotFound;

const NO_LOCATIONS = "You have no locations yet. Add one from the location picker first.";

/** One line per location; nothing found at all reads as a plain sentence. */
function perLocation<T extends { location: string }>(
  sections: Section<T>,
  line: (section: T) => string,
): string {
  if (!Array.isArray(sections)) return "I couldn't find that location.";
  if (sections.length === 0) return NO_LOCATIONS;
  return sections.map(line).join("\n");
}

const list = (items: string[]) => items.join(", ");
const hoursPeriod = (q: string) => (/\bmonth\b/.test(q) ? "this_month" : "this_week");
const analyticsPeriod = (q: string) =>
  /\bmonth\b/.test(q) ? "this_month" : /\bweek\b/.test(q) ? "this_week" : "ytd";

const LEAVE_WORDS: [RegExp, LeaveStatus][] = [
  [/\bsick/, "sick_leave"],
  [/\b(holiday|annual leave|vacation)/, "holiday"],
  [/\bpersonal/, "personal_leave"],
  [/\b(parental|maternity|paternity)/, "parental_leave"],
  [/\btraining/, "training"],
];

const whoIsIn: Answer = async (_q, data) =>
  perLocation(await data.liveStatus(), (s) =>
    s.checked_in.length === 0
      ? `Nobody is checked in right now at ${s.location}.`
      : `Checked in right now at ${s.location} (${s.checked_in.length}): ${list(s.checked_in.map((p) => `${p.name} (since ${p.since})`))}.`,
  );

const workedOver: Answer = async (q, data) => {
  const threshold = Number(/(?:over|more than|above|at least)\s+(\d+(?:\.\d+)?)/.exec(q)?.[1] ?? Number.NaN);
  const period = hoursPeriod(q);
  const when = period === "this_month" ? "this month" : "this week";
  return perLocation(await data.staffHours(period), (s) => {
    if (Number.isNaN(threshold)) {
      const worked = s.staff.filter((p) => p.worked_minutes > 0);
      if (worked.length === 0) return `Nobody has worked any hours ${when} at ${s.location}.`;
      return `Hours worked ${when} at ${s.location}: ${list(worked.map((p) => `${p.name} ${p.worked}`))}.`;
    }
    const over = s.staff.filter((p) => p.worked_minutes > threshold * 60);
    if (over.length === 0) return `Nobody has worked over ${threshold} hours ${when} at ${s.location}.`;
    return `Worked over ${threshold} hours ${when} at ${s.location}: ${list(over.map((p) => `${p.name} (${p.worked})`))}.`;
  });
};

const leaveDays: Answer = async (q, data) => {
  const status = LEAVE_WORDS.find(([words]) => words.test(q))?.[1];
  const period = analyticsPeriod(q);
  const when = { ytd: "so far this year", this_month: "this month", this_week: "this week" }[period];
  return perLocation(await data.leaveAnalytics(period), (s) => {
    const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
    if (status)
      return `${STATUS_LABELS[status]} ${when} at ${s.location}: ${days(s.leave_breakdown[status])}.`;
    const entries = Object.entries(s.leave_breakdown) as [LeaveStatus, number][];
    const total = entries.reduce((sum, [, n]) => sum + n, 0);
    const parts = entries.filter(([, n]) => n > 0).map(([key, n]) => `${STATUS_LABELS[key]} ${n}`);
    return `Leave ${when} at ${s.location}: ${days(total)}${parts.length ? ` (${list(parts)})` : ""}.`;
  });
};

const lateArrivals: Answer = async (q, data) => {
  const period = /\bweek\b/.test(q) ? "this_week" : "today";
  const when = period === "today" ? "today" : "this week";
  return perLocation(await data.lateArrivals(period), (s) => {
    if (s.late_arrivals.length === 0)
      return `Nobody was late ${when} at ${s.location} (workday starts ${s.workday_start_time}).`;
    const people = s.late_arrivals.map(
      (p) =>
        `${p.name} ${period === "today" ? "" : `on ${p.date.slice(8, 10)}/${p.date.slice(5, 7)} `}at ${p.checked_in_at} (${p.minutes_late} min late)`,
    );
    return `Late ${when} at ${s.location} (workday starts ${s.workday_start_time}): ${list(people)}.`;
  });
};

const onLeave: Answer = async (_q, data) =>
  perLocation(await data.employees(), (s) => {
    const away = s.employees.filter((e) => e.status !== "active");
    if (away.length === 0) return `Nobody is on leave at ${s.location} right now.`;
    return `On leave at ${s.location} now: ${list(away.map((e) => `${e.name} (${e.status_label})`))}.`;
  });

const headcount: Answer = async (_q, data) =>
  perLocation(await data.employees(), (s) => {
    const active = s.employees.filter((e) => e.active).length;
    const inactive = s.employees.length - active;
    const noun = s.employees.length === 1 ? "employee" : "employees";
    return `${s.location} has ${s.employees.length} ${noun} (${active} active, ${inactive} inactive).`;
  });

const RULE_WORDS: [RegExp, string][] = [
  [/\b(11|eleven)[- ]hour|\bdaily rest\b/, "Daily rest"],
  [/\bweekly rest\b|\bday off\b/, "Weekly rest"],
  [/\b48[- ]hour|\baverage\b/, "48-hour average week"],
  [/\b(rest )?breaks?\b/, "Rest break"],
  [/\bminimum wage\b|\bliving wage\b/, "National Minimum Wage"],
];

const workingTime: Answer = async (q, data) => {
  const week = /\blast week\b/.test(q) ? "last_week" : "this_week";
  const rule = RULE_WORDS.find(([words]) => words.test(q))?.[1];
  const when = week === "last_week" ? "last week" : "this week";
  const what = rule ? `the ${rule.toLowerCase()} rule` : "a working-time rule";
  return perLocation(await data.workingTime(week), (s) => {
    const found = s.breaches.filter((b) => b.in_this_week && (!rule || b.rule.startsWith(rule)));
    if (found.length === 0) return `Nobody broke ${what} ${when} at ${s.location}.`;
    const lines = found.map((b) => `${b.employee}: ${b.rule} (${b.regulation}) ${b.detail}`);
    return `Broke ${what} ${when} at ${s.location}: ${lines.join(" ")}`;
  });
};

/** The questions, most specific first: "how many sick days" is about leave, not headcount. */
const INTENTS: [RegExp, Answer][] = [
  [/\b(rule|breach|broke|break the|rest|working time|48[- ]hour|minimum wage|compliance)\b/, workingTime],
  [/\blate\b/, lateArrivals],
  [/\b(hours|hrs)\b|\bworked\b/, workedOver],
  [
    /\b(days?|leave)\b.*\b(year|month|week|ytd)\b|\bhow many\b.*\b(sick|holiday|leave|personal|parental|training)/,
    leaveDays,
  ],
  [/\bon (leave|holiday)\b|\boff sick\b|\bwho is off\b|\bwho'?s off\b|\baway\b/, onLeave],
  [/\bhow many (employees|staff|people)\b|\bheadcount\b|\bnumber of (employees|staff)\b/, headcount],
  [
    /\b(in right now|in now|checked in|clocked in|on site|on shift|who'?s in|who is in|who is here|who'?s here|who is working)\b/,
    whoIsIn,
  ],
];

export async function answerManagerOffline(question: string, data: ManagerData): Promise<string> {
  const q = question.toLowerCase().replace(/\s+/g, " ");
  const intent = INTENTS.find(([pattern]) => pattern.test(q));
  return intent ? intent[1](q, data) : MANAGER_HELP;
}
