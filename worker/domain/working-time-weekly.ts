import {
  dayNumberOf,
  HOUR_MS,
  type LocalDate,
  localDateOfDayNumber,
  MINUTE_MS,
  zoneCalendar,
} from "./time-zone";
import type { Breach, Shift, WorkerKind } from "./working-time";
import { atWork, byDate, mondayOf, restsWithin, type WorkedDay, workedByDay } from "./working-time-days";

// Weekly rest (reg 11) and young workers' daily and weekly limits (reg 5A). Sources: docs/compliance.md.

const WEEKLY_REST = { adult: 24 * HOUR_MS, young: 48 * HOUR_MS } as const;

/**
 * Reg 11: an adult is entitled to an uninterrupted 24 hours' rest in each 7-day period, or, if the employer so
 * determines (reg 11(2)), to two uninterrupted 24-hour rests or one of 48 hours in each 14-day period; a young
 * worker to 48 hours in each 7-day period (reg 11(3)). Without an agreement the periods begin at the start of
 * each week, a week starting at midnight between Sunday and Monday (reg 11(4) and (6)): local Monday-to-Sunday
 * weeks of the location's zone.
 *
 * Rest is measured as the time without work inside the week, so rest running over its edges is cut at them. A
 * week with no work in it has no breach. `fortnightly` is the employer's choice of reg 11(2), a setting of the
 * location: off, an adult's week without 24 hours is a breach. On, such a week is flagged only when the fortnight
 * made of it and the week before also lacks both alternatives: reg 11(5) starts the fortnights in the week
 * employment began, which the shifts do not tell, and once a week has ended the fortnight ending with it is the
 * one that can be judged. It never changes a young worker's 48 hours a week. Not modelled: reg 11(7) (the weekly rest should not include the daily rest of
 * reg 10, making 35 hours in practice), reg 11(8) (a young worker's 48 hours may be cut to 36 for technical or
 * organisational reasons) and the exceptions of regs 21–24.
 */
export function weeklyRestBreaches(
  shifts: readonly Shift[],
  kind: WorkerKind,
  timeZone: string,
  fortnightly: boolean,
): Breach[] {
  const calendar = zoneCalendar(timeZone);
  const work = atWork(shifts);
  const required = WEEKLY_REST[kind];
  const mondays = new Set<number>();
  for (const [start, end] of work) {
    for (let monday = mondayOf(calendar.dayOf(start)); monday <= calendar.dayOf(end - 1); monday += 7) {
      mondays.add(monday);
    }
  }
  const rests = (monday: number, days: number) =>
    restsWithin(work, calendar.startOf(monday), calendar.startOf(monday + days));
  const fortnightHasRest = (monday: number) => {
    const inFortnight = rests(monday, 14);
    return (
      inFortnight.some((rest) => rest >= 48 * HOUR_MS) ||
      inFortnight.filter((rest) => rest >= 24 * HOUR_MS).length >= 2
    );
  };
  const breaches: Breach[] = [];
  for (const monday of [...mondays].sort((a, b) => a - b)) {
    const longest = Math.max(0, ...rests(monday, 7));
    if (longest >= required) continue;
    if (kind === "adult" && fortnightly && fortnightHasRest(monday - 7)) continue;
    const from = calendar.startOf(monday);
    const to = calendar.startOf(monday + 7);
    breaches.push({
      rule: "weekly_rest",
      weekStart: localDateOfDayNumber(monday),
      longestRestMinutes: Math.floor(longest / MINUTE_MS),
      requiredMinutes: required / MINUTE_MS,
      shiftIds: [...shifts]
        .sort((a, b) => a.start - b.start)
        .filter((s) => s.end > from && s.start < to)
        .map((s) => s.id),
    });
  }
  return breaches;
}

export const YOUNG_DAILY_LIMIT_MINUTES = 480;
export const YOUNG_WEEKLY_LIMIT_MINUTES = 2400;

/**
 * Reg 5A: a young worker's working time must not exceed 8 hours a day or 40 hours a week, with no averaging and
 * no opt-out. Working time is time at work less breaks; a day is a local calendar day (a shift past midnight is
 * split there, see `workedByDay`) and a week runs Monday to Sunday, as reg 11(6) counts weeks. Exactly 8 hours is
 * not more than 8 hours.
 *
 * The caller passes the shifts of someone who was young at some point; `isYoungOn` says on which days (a worker
 * who turns 18 mid-week is judged per day): a day when they were not young owes no daily limit and does not
 * count towards the week's 40 hours. Not modelled: reg 5A(2) (hours for several employers add up) and the
 * exceptions of reg 27A (force majeure).
 */
export function youngWorkerLimitBreaches(
  shifts: readonly Shift[],
  timeZone: string,
  isYoungOn: (date: LocalDate) => boolean = () => true,
): Breach[] {
  const days = [...workedByDay(shifts, timeZone)].filter(([date]) => isYoungOn(date)).sort(byDate);
  const daily: Breach[] = [];
  const weeks = new Map<LocalDate, WorkedDay>();
  for (const [date, worked] of days) {
    const workedMinutes = Math.floor(worked.ms / MINUTE_MS);
    if (workedMinutes > YOUNG_DAILY_LIMIT_MINUTES) {
      daily.push({
        rule: "young_daily_limit",
        date,
        workedMinutes,
        limitMinutes: YOUNG_DAILY_LIMIT_MINUTES,
        shiftIds: worked.shiftIds,
      });
    }
    const weekStart = localDateOfDayNumber(mondayOf(dayNumberOf(date)));
    const week = weeks.get(weekStart) ?? { ms: 0, shiftIds: [] };
    week.ms += worked.ms;
    for (const id of worked.shiftIds) if (!week.shiftIds.includes(id)) week.shiftIds.push(id);
    weeks.set(weekStart, week);
  }
  const weekly: Breach[] = [];
  for (const [weekStart, week] of [...weeks].sort(byDate)) {
    const workedMinutes = Math.floor(week.ms / MINUTE_MS);
    if (workedMinutes <= YOUNG_WEEKLY_LIMIT_MINUTES) continue;
    weekly.push({
      rule: "young_weekly_limit",
      weekStart,
      workedMinutes,
      limitMinutes: YOUNG_WEEKLY_LIMIT_MINUTES,
      shiftIds: week.shiftIds,
    });
  }
  return [...daily, ...weekly];
}
