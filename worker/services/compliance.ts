import type {
  AverageWeek,
  ComplianceBreach,
  ComplianceEmployee,
  ComplianceLight,
  ComplianceResponse,
  ComplianceShift,
} from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { Db } from "../db/client";
import type { HoursSession } from "../domain/hours";
import { addDays, type LocalDate, localDateOf } from "../domain/time-zone";
import type { Shift } from "../domain/working-time";
import {
  Assessment,
  type DaysByEmployee,
  daysOf,
  type Loaded,
  loadRange,
  REFERENCE_WEEKS,
  shiftOf,
  workedMinutesOf,
} from "./working-time-checks";
import { word, wordAverage, wordShortfall } from "./working-time-wording";

// The Compliance view (docs/compliance.md): a week's findings per employee, with the 17-week reference period's, and a
// light for each location.

/** An average this close to 48 hours turns the light amber. */
const AMBER_AVERAGE_MINUTES = 44 * 60;

const lightOf = (breaches: readonly ComplianceBreach[], average: AverageWeek): ComplianceLight => {
  if (breaches.some((b) => b.this_week)) return "red";
  if (breaches.length > 0) return "amber";
  return !average.opted_out && average.average_minutes >= AMBER_AVERAGE_MINUTES ? "amber" : "green";
};

const worst = (lights: readonly ComplianceLight[]): ComplianceLight =>
  lights.includes("red") ? "red" : lights.includes("amber") ? "amber" : "green";

const toShift = (session: HoursSession, shift: Shift): ComplianceShift => ({
  id: session.id,
  check_in_at: new Date(session.checkIn).toISOString(),
  check_out_at: session.checkOut === null ? null : new Date(session.checkOut).toISOString(),
  breaks: (session.breaks ?? []).map((b) => ({
    start_at: new Date(b.start).toISOString(),
    end_at: b.end === null ? null : new Date(b.end).toISOString(),
  })),
  worked_minutes: workedMinutesOf(shift),
});

/** The first day from `start` with a shift on record: `start` when shifts go back further; null for none. */
function recordsFrom(loaded: Loaded, start: LocalDate): LocalDate | null {
  const first = loaded.sessions.reduce((min, s) => Math.min(min, s.checkIn), Number.POSITIVE_INFINITY);
  if (first === Number.POSITIVE_INFINITY) return null;
  const date = localDateOf(first, loaded.zone);
  return date < start ? start : date;
}

/** Everything one employee broke in [start, end], worded, with the average at `weekEnd`. */
async function findings(a: Assessment, start: LocalDate, end: LocalDate, days: DaysByEmployee) {
  const weekStart = addDays(end, -6);
  const average = a.average(weekStart);
  const worded = [
    ...a.breaches(start, end).map((b) => word(b, a)),
    ...(average.breach && !a.youngOn(weekStart) ? [wordAverage(average, weekStart)] : []),
    ...(await a.shortfalls(start, end, days)).map(wordShortfall),
  ];
  return { average, worded };
}

/**
 * A week's findings (a Monday), with those of the 17-week reference period ending with it: everyone on the
 * staff, and anyone deleted since who worked in it.
 */
export async function complianceReport(
  env: Env,
  db: Db,
  location: Location,
  weekStart: LocalDate,
  now: number,
): Promise<ComplianceResponse> {
  const weekEnd = addDays(weekStart, 6);
  const start = addDays(weekStart, -7 * (REFERENCE_WEEKS - 1));
  // From the day before the earliest reference period judged (a rolling one ending on the Monday), to the days
  // after the period that make up leave.
  const loaded = await loadRange(
    env,
    db,
    location,
    {
      startDate: addDays(weekStart, -7 * REFERENCE_WEEKS),
      endDate: addDays(weekEnd, 2 * 7 * REFERENCE_WEEKS),
    },
    now,
  );
  const days = await daysOf(loaded);
  const people: ComplianceEmployee[] = [];
  for (const person of loaded.staff) {
    const a = new Assessment(person, loaded);
    const { average, worded } = await findings(a, start, weekEnd, days);
    const breaches: ComplianceBreach[] = worded
      .map((w) => ({
        rule: w.rule,
        date: w.date,
        detail: w.detail,
        fix: w.fix,
        shift_ids: w.shiftIds,
        this_week: w.date >= weekStart && w.date <= weekEnd,
      }))
      .sort((x, y) => Number(y.this_week) - Number(x.this_week) || y.date.localeCompare(x.date));
    if (person.deleted && a.sessions.length === 0) continue;
    const cited = new Set(breaches.flatMap((b) => b.shift_ids));
    const averageWeek: AverageWeek = {
      reference_start: average.referenceStart,
      reference_end: average.referenceEnd,
      weeks: average.weeks.map((w) => ({ week_start: w.weekStart, worked_minutes: w.workedMinutes })),
      reference_days: average.referenceDays,
      divided_by_weeks: average.dividedByWeeks,
      since_start: average.sinceStart,
      average_minutes: average.averageMinutes,
      limit_minutes: average.limitMinutes,
      opted_out: average.optedOut,
      provisional: average.provisional,
    };
    people.push({
      employee_id: person.id,
      name: person.name,
      young_worker: a.dateOfBirth !== null && (a.youngOn(weekStart) || a.youngOn(weekEnd)),
      light: lightOf(breaches, averageWeek),
      breaches,
      average: averageWeek,
      shifts: a.sessions
        .filter((s) => cited.has(s.id))
        .map((s) => toShift(s, shiftOf(s, now)))
        .sort((x, y) => x.check_in_at.localeCompare(y.check_in_at)),
      not_checked: loaded.notChecked.map((rule) => ({
        ...rule,
        dates: a.uncheckedBreakDays(weekStart, weekEnd),
      })),
    });
  }
  return {
    location_id: location.id,
    week_start: weekStart,
    week_end: weekEnd,
    light: worst(people.map((p) => p.light)),
    not_checked: loaded.notChecked,
    records_from: recordsFrom(loaded, start),
    employees: people,
  };
}
