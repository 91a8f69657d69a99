import { STATUS_LABELS } from "../../contracts/employees";
import type { LeaveStatus } from "../../domain/leave";
import { MONTH_NAMES, monthKey } from "../../domain/periods";
import type { ManagerData, NotFound } from "./manager-data";

// The offline analyst: no language model, just the common questions matched by their words and answered
// from the same functions the model's tools call. It reads the period asked about (today, yesterday, this or
// last week, this or last month, a named month) and an employee's name, and says what it can answer when it
// does not understand. More than one person is a list, a line each ("- "), which the chat shows as a list.
// What it understands: docs/assistant.md.

export const MANAGER_HELP = [
  "I'm Clocked's built-in analyst, not an AI language model, so I understand a few kinds of question:",
  "- Who is in right now? Is Chloe in?",
  "- Who worked the most hours last week? Who worked over 40 hours this week?",
  "- How many hours did Ben work yesterday? (today, this week, last week, this month, last month, or a month such as October)",
  "- Who is on sick leave? Who is on holiday?",
  "- How many sick days this year? (or holiday, personal, parental or training days; this month, last month)",
  "- Who was late today? (or yesterday, this week, last week)",
  "- Who was late most this month? Who missed shifts last week? (against the published rota)",
  "- How many employees do I have?",
  "- Who broke the 11-hour rest rule last week? (or any working-time rule, this week)",
].join("\n");

type Section<T> = readonly T[] | NotFound;
/** A period the question names: its key (domain/periods.ts) and how the answer says it. */
type PeriodChoice = { key: string; label: string };
type Asked = { q: string; period: PeriodChoice | null; name: string | null };
type Answer = (asked: Asked, data: ManagerData) => Promise<string>;

const NO_LOCATIONS = "You have no locations yet. Add one from the location picker first.";

/** One line (or list) per location; nothing found at all reads as a plain sentence. */
function perLocation<T extends { location: string }>(
  sections: Section<T>,
  line: (section: T) => string,
): string {
  if (!Array.isArray(sections)) return "I couldn't find that location.";
  if (sections.length === 0) return NO_LOCATIONS;
  return sections.map(line).join("\n\n");
}

/** One item reads as a sentence; more are a list, one line each. */
export function listed(head: string, items: readonly string[]): string {
  const [only] = items;
  if (items.length === 1 && only !== undefined) return `${head}: ${only}${/[.!?]$/.test(only) ? "" : "."}`;
  return `${head}:\n${items.map((item) => `- ${item}`).join("\n")}`;
}

// --- Reading the question ---

const PERIOD_WORDS: [RegExp, PeriodChoice][] = [
  [/\byesterday\b/, { key: "yesterday", label: "yesterday" }],
  [/\btoday\b/, { key: "today", label: "today" }],
  [/\b(last|previous|past) week\b/, { key: "last_week", label: "last week" }],
  [/\bthis week\b/, { key: "this_week", label: "this week" }],
  [/\b(last|previous|past) month\b/, { key: "last_month", label: "last month" }],
  [/\bthis month\b/, { key: "this_month", label: "this month" }],
];

/** "October", "in may", "march 2026": the latest such month up to now, or the year given. */
function namedMonth(q: string, now: number): PeriodChoice | null {
  for (const [index, name] of MONTH_NAMES.entries()) {
    const word = name.toLowerCase();
    // "may" alone is too often the verb: it needs "in", "for", "during" or a year.
    const pattern =
      word === "may"
        ? /\b(?:in|for|during|of) may\b(?:\s+(\d{4}))?|\bmay\s+(\d{4})\b/
        : new RegExp(`\\b${word}\\b(?:\\s+(\\d{4}))?`);
    const match = pattern.exec(q);
    if (!match) continue;
    const today = new Date(now);
    const month = index + 1;
    const given = Number(match[1] ?? match[2] ?? Number.NaN);
    const thisYear = today.getUTCFullYear();
    const year = Number.isNaN(given) ? (month > today.getUTCMonth() + 1 ? thisYear - 1 : thisYear) : given;
    return { key: monthKey(year, month), label: `in ${name} ${year}` };
  }
  return null;
}

export function periodOf(q: string, now: number): PeriodChoice | null {
  return PERIOD_WORDS.find(([words]) => words.test(q))?.[1] ?? namedMonth(q, now);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The employee named in the question (full name first, then a first name that only one person has). */
async function nameIn(q: string, data: ManagerData): Promise<string | null> {
  const sections = await data.employees();
  if (!Array.isArray(sections)) return null;
  const names = sections.flatMap((s) => s.employees.map((e) => e.name));
  const has = (part: string) => new RegExp(`\\b${literal(part.toLowerCase())}\\b`).test(q);
  const full = names.find(has);
  if (full) return full;
  const byFirst = names.filter((name) => has(name.split(" ")[0] ?? name));
  return byFirst.length === 1 ? (byFirst[0] ?? null) : null;
}

const sameFirstName = (name: string, asked: string) =>
  name === asked || name.split(" ")[0] === asked.split(" ")[0];

// --- The answers ---

const LEAVE_WORDS: [RegExp, LeaveStatus][] = [
  [/\bsick/, "sick_leave"],
  [/\b(holiday|annual leave|vacation)/, "holiday"],
  [/\bpersonal/, "personal_leave"],
  [/\b(parental|maternity|paternity)/, "parental_leave"],
  [/\btraining/, "training"],
];
const leaveStatusIn = (q: string) => LEAVE_WORDS.find(([words]) => words.test(q))?.[1];

const whoIsIn: Answer = async ({ name }, data) =>
  perLocation(await data.liveStatus(), (s) => {
    if (name) {
      const person = s.checked_in.find((p) => sameFirstName(p.name, name));
      if (person) return `Yes: ${person.name} is checked in at ${s.location} (since ${person.since}).`;
      const left = s.checked_out_today.find((p) => sameFirstName(p.name, name));
      return left
        ? `No: ${left.name} checked out at ${left.left_at} today at ${s.location}.`
        : `No: ${name} is not checked in at ${s.location}.`;
    }
    if (s.checked_in.length === 0) return `Nobody is checked in right now at ${s.location}.`;
    return listed(
      `Checked in right now at ${s.location} (${s.checked_in.length})`,
      s.checked_in.map((p) => `${p.name} (since ${p.since})`),
    );
  });

const hoursWorked: Answer = async ({ q, period, name }, data) => {
  const asked = period ?? { key: "this_week", label: "this week" };
  const when = asked.label;
  const threshold = Number(/(?:over|more than|above|at least)\s+(\d+(?:\.\d+)?)/.exec(q)?.[1] ?? Number.NaN);
  const most = /\b(most|longest|highest|top)\b/.test(q);
  const least = /\b(least|fewest|lowest)\b/.test(q);
  return perLocation(await data.staffHours(asked.key), (s) => {
    const worked = s.staff.filter((p) => p.worked_minutes > 0);
    if (name) {
      const person = s.staff.find((p) => sameFirstName(p.name, name));
      if (!person) return `${name} does not work at ${s.location}.`;
      return `${person.name} worked ${person.worked} ${when} at ${s.location}${person.in_progress ? " (still in)" : ""}.`;
    }
    if (worked.length === 0) return `Nobody has worked any hours ${when} at ${s.location}.`;
    if (most || least) {
      const sorted = [...worked].sort((a, b) => b.worked_minutes - a.worked_minutes);
      const edge = (most ? sorted[0] : sorted.at(-1))?.worked_minutes;
      const who = sorted.filter((p) => p.worked_minutes === edge);
      const names = who.map((p) => p.name).join(" and ");
      return `${names} worked the ${most ? "most" : "fewest"} hours ${when} at ${s.location}: ${who[0]?.worked}.`;
    }
    if (!Number.isNaN(threshold)) {
      const over = worked.filter((p) => p.worked_minutes > threshold * 60);
      if (over.length === 0) return `Nobody worked over ${threshold} hours ${when} at ${s.location}.`;
      return listed(
        `Worked over ${threshold} hours ${when} at ${s.location}`,
        over.map((p) => `${p.name} (${p.worked})`),
      );
    }
    return listed(
      `Hours worked ${when} at ${s.location}`,
      [...worked].sort((a, b) => b.worked_minutes - a.worked_minutes).map((p) => `${p.name}: ${p.worked}`),
    );
  });
};

const leaveDays: Answer = async ({ q, period }, data) => {
  const status = leaveStatusIn(q);
  const asked = period ?? { key: "ytd", label: "so far this year" };
  return perLocation(await data.leaveAnalytics(asked.key), (s) => {
    const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
    if (status)
      return `${STATUS_LABELS[status]} ${asked.label} at ${s.location}: ${days(s.leave_breakdown[status])}.`;
    const entries = Object.entries(s.leave_breakdown) as [LeaveStatus, number][];
    const total = entries.reduce((sum, [, n]) => sum + n, 0);
    const parts = entries.filter(([, n]) => n > 0).map(([key, n]) => `${STATUS_LABELS[key]} ${n}`);
    return `Leave ${asked.label} at ${s.location}: ${days(total)}${parts.length ? ` (${parts.join(", ")})` : ""}.`;
  });
};

const lateArrivals: Answer = async ({ period, name }, data) => {
  const asked = period ?? { key: "today", label: "today" };
  const oneDay = asked.key === "today" || asked.key === "yesterday";
  return perLocation(await data.lateArrivals(asked.key), (s) => {
    const late = s.late_arrivals.filter((p) => !name || sameFirstName(p.name, name));
    const who = name ?? "Nobody";
    if (late.length === 0)
      return `${who} was ${name ? "not " : ""}late ${asked.label} at ${s.location} (workday starts ${s.workday_start_time}).`;
    const people = late.map(
      (p) =>
        `${p.name} ${oneDay ? "" : `on ${p.date.slice(8, 10)}/${p.date.slice(5, 7)} `}at ${p.checked_in_at} (${p.minutes_late} min late)`,
    );
    return listed(`Late ${asked.label} at ${s.location} (workday starts ${s.workday_start_time})`, people);
  });
};

/**
 * Lateness and no-shows against the published rota, most first. Where no location published a rota for the
 * period, lateness is judged against the workday start as before.
 */
const againstRota: Answer = async (asked, data) => {
  const period = asked.period ?? { key: "this_month", label: "this month" };
  const noShows = /\bno[- ]?shows?\b|\bmissed\b/.test(asked.q);
  const sections = await data.plannedAgainstActual(period.key);
  if (Array.isArray(sections) && !noShows && !sections.some((s) => s.has_rota)) {
    return lateArrivals({ ...asked, period }, data);
  }
  return perLocation(sections, (s) => {
    if (!s.has_rota) return `${s.location} published no rota ${period.label}.`;
    const count = (e: (typeof s.employees)[number]) => (noShows ? e.no_shows : e.times_late);
    const ranked = s.employees
      .filter((e) => (!asked.name || sameFirstName(e.name, asked.name)) && count(e) > 0)
      .sort((a, b) => count(b) - count(a) || b.minutes_late - a.minutes_late);
    if (ranked.length === 0) {
      const what = noShows
        ? asked.name
          ? "missed no shift"
          : "missed a shift"
        : asked.name
          ? "was not late for a shift"
          : "was late for a shift";
      return `${asked.name ?? "Nobody"} ${what} ${period.label} at ${s.location}.`;
    }
    return listed(
      `${noShows ? "No-shows" : "Late against the rota"} ${period.label} at ${s.location}, most first`,
      ranked.map((e) =>
        noShows
          ? `${e.name}: ${e.no_shows} ${e.no_shows === 1 ? "no-show" : "no-shows"}`
          : `${e.name}: late ${e.times_late} ${e.times_late === 1 ? "time" : "times"}, ${e.minutes_late} min in all`,
      ),
    );
  });
};

const onLeave: Answer = async ({ q, name }, data) => {
  const status = leaveStatusIn(q);
  const what = status ? `on ${STATUS_LABELS[status].toLowerCase()}` : "on leave";
  return perLocation(await data.employees(), (s) => {
    const away = s.employees.filter(
      (e) =>
        e.status !== "active" && (!status || e.status === status) && (!name || sameFirstName(e.name, name)),
    );
    if (name) {
      const person = s.employees.find((e) => sameFirstName(e.name, name));
      if (!person) return `${name} does not work at ${s.location}.`;
      return person.status === "active"
        ? `${person.name} is not on leave at ${s.location} (active).`
        : `${person.name} is on ${person.status_label.toLowerCase()} at ${s.location}.`;
    }
    if (away.length === 0) return `Nobody is ${what} at ${s.location} right now.`;
    return listed(
      `${status ? STATUS_LABELS[status] : "On leave"} at ${s.location} now`,
      away.map((e) => (status ? e.name : `${e.name} (${e.status_label})`)),
    );
  });
};

const headcount: Answer = async (_asked, data) =>
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
  [/\byoung\b/, "Young worker"],
  [/\b(rest )?breaks?\b/, "Rest break"],
  [/\bminimum wage\b|\bliving wage\b/, "National Minimum Wage"],
];

const workingTime: Answer = async ({ q, period, name }, data) => {
  if (period && period.key !== "this_week" && period.key !== "last_week") {
    return "I check the working-time rules a week at a time: ask about this week or last week (the Compliance tab shows any week).";
  }
  const week = period?.key === "last_week" ? "last_week" : "this_week";
  const rule = RULE_WORDS.find(([words]) => words.test(q))?.[1];
  const when = week === "last_week" ? "last week" : "this week";
  const what = rule ? `the ${rule.toLowerCase()} rule` : "a working-time rule";
  return perLocation(await data.workingTime(week), (s) => {
    const found = s.breaches.filter(
      (b) =>
        b.in_this_week && (!rule || b.rule.startsWith(rule)) && (!name || sameFirstName(b.employee, name)),
    );
    if (found.length === 0) {
      return name
        ? `${name} did not break ${what} ${when} at ${s.location}.`
        : `Nobody broke ${what} ${when} at ${s.location}.`;
    }
    return listed(
      `Broke ${what} ${when} at ${s.location}`,
      found.map((b) => `${b.employee}: ${b.rule} (${b.regulation}). ${b.detail}`),
    );
  });
};

/** The questions, most specific first: "how many sick days" is about leave, not headcount. */
const INTENTS: [RegExp, Answer][] = [
  [
    /\b(rule|breach|breaches|broke|break the|rest|working time|48[- ]hour|minimum wage|compliance|young worker)\b/,
    workingTime,
  ],
  [
    /\blate\b.*\b(most|often|oftenest|rota|shifts?)\b|\b(most|often)\b.*\blate\b|\bno[- ]?shows?\b|\bmissed (a |any |their )?shifts?\b/,
    againstRota,
  ],
  [/\blate\b/, lateArrivals],
  [/\bhow many\b.*\b(days?|leave)\b|\b(days?|leave)\b.*\b(year|month|week|ytd)\b/, leaveDays],
  [
    /\b(on|off) (sick|leave|holiday|annual leave|training|parental|maternity|paternity|personal)|\b(off sick|who is off|who'?s off|away)\b|\bwho\b.*\b(sick|leave|holiday)\b/,
    onLeave,
  ],
  [/\b(hours|hrs)\b|\bworked\b|\bwork(ed)? the most\b/, hoursWorked],
  [/\bhow many (employees|staff|people)\b|\bheadcount\b|\bnumber of (employees|staff)\b/, headcount],
  [
    /\b(in right now|in now|checked in|clocked in|on site|on shift|who'?s in|who is in|who is here|who'?s here|who is working)\b|^is \w+( \w+)? (in|here|working)\b/,
    whoIsIn,
  ],
];

export async function answerManagerOffline(question: string, data: ManagerData): Promise<string> {
  const q = question
    .toLowerCase()
    .replace(/[?!.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const intent = INTENTS.find(([pattern]) => pattern.test(q));
  if (!intent) return MANAGER_HELP;
  const name = await nameIn(q, data);
  return intent[1]({ q, period: periodOf(q, data.now), name }, data);
}
