import type { ComplianceLight, ComplianceRule, ComplianceShift } from "@contracts/compliance";
import { hoursAndMinutes } from "@domain/durations";
import { addDays, formatDate, formatTimeAt, type LocalDate, localDateOf, weekdayOf } from "@domain/time-zone";

// The Compliance tab's words and figures: each light's word, weeks on the location's calendar, and a shift
// written out in the location's time (the response's instants are UTC), as the Timesheets view writes them.

/** Each light has a word: the colour is never the only signal. */
export const LIGHT_WORDS: Record<ComplianceLight, string> = {
  green: "All clear",
  amber: "Check",
  red: "Breaches this week",
};

/** Green, where a rule could not be checked (rest breaks where breaks are not recorded). */
export const CLEAR_WHERE_CHECKED = "Clear where checked";

/** Red first, then amber, then green: who needs looking at comes first. */
export const LIGHT_ORDER: Record<ComplianceLight, number> = { red: 0, amber: 1, green: 2 };

/** The rules checked over a week rather than a day: their `date` is the week's Monday. */
const WEEK_RULES: ReadonlySet<ComplianceRule> = new Set([
  "weekly_rest",
  "average_week",
  "young_weekly_limit",
]);

/** "Monday 16/11/2026" or, for a week's rule, "Week of 16/11/2026". */
export function breachDate(rule: ComplianceRule, date: LocalDate): string {
  if (WEEK_RULES.has(rule)) return `Week of ${formatDate(date)}`;
  return `${WEEKDAY_NAMES[weekdayOf(date) - 1]} ${formatDate(date)}`;
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The location's date today. */
export const todayIn = (timeZone: string, now = Date.now()): LocalDate => localDateOf(now, timeZone);

/** The Monday of the week a date is in. */
export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

/** "16/11/2026 – 22/11/2026" */
export const rangeText = (start: LocalDate, end: LocalDate) => `${formatDate(start)} – ${formatDate(end)}`;

/** "37h 30m", zeros included: the one wording and rounding of durations (worker/domain/durations.ts). */
export { hoursAndMinutes };

/** Hours with at most two decimals: "12.07", "8", "-1.5". */
export const hoursFigure = (hours: number) =>
  hours.toLocaleString("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "12.07 hours", "1 hour". */
export const hoursText = (hours: number) =>
  `${hoursFigure(hours)} ${Math.abs(hours) === 1 ? "hour" : "hours"}`;

/** A shift as the evidence table shows it, every time in the location's zone. */
export type ShiftRow = {
  id: string;
  date: string;
  checkIn: string;
  checkOut: string;
  breaks: string;
  worked: string;
};

/** "09:00" on the shift's day, "17/11 01:00" for a time on another day (a shift over midnight). */
function timeOnDay(iso: string, day: LocalDate, timeZone: string): string {
  const instant = Date.parse(iso);
  const date = localDateOf(instant, timeZone);
  const time = formatTimeAt(instant, timeZone);
  return date === day ? time : `${date.slice(8, 10)}/${date.slice(5, 7)} ${time}`;
}

export function shiftRow(shift: ComplianceShift, timeZone: string): ShiftRow {
  const day = localDateOf(Date.parse(shift.check_in_at), timeZone);
  const breaks = shift.breaks.map(
    (b) =>
      `${timeOnDay(b.start_at, day, timeZone)}–${b.end_at ? timeOnDay(b.end_at, day, timeZone) : "still on break"}`,
  );
  return {
    id: shift.id,
    date: formatDate(day),
    checkIn: formatTimeAt(Date.parse(shift.check_in_at), timeZone),
    checkOut: shift.check_out_at ? timeOnDay(shift.check_out_at, day, timeZone) : "Still checked in",
    breaks: breaks.length > 0 ? breaks.join(", ") : "None",
    worked: hoursAndMinutes(shift.worked_minutes),
  };
}
