import { ageOn } from "./minimum-wage";
import {
  dayNumberOf,
  HOUR_MS,
  type LocalDate,
  localDateOf,
  localDateOfDayNumber,
  MINUTE_MS,
  zoneCalendar,
} from "./time-zone";

// UK working-time checks (issue 18), as plain functions over a worker's shifts: the Working Time Regulations
// 1998 (SI 1998/1833). Sources and the regulation for each rule: docs/compliance.md. Rest breaks (reg 12),
// daily rest (reg 10), weekly rest (reg 11), young workers' daily and weekly limits (reg 5A) and the 48-hour
// average week (regs 4 and 5).

export type WorkerKind = "adult" | "young";

/** A shift as worked: its times and the breaks taken in it (epoch ms; a shift still open has no end). */
export type Shift = {
  id: string;
  start: number;
  end: number;
  breaks: readonly { start: number; end: number }[];
};

export const WTR_RULES = {
  adult: { breakAfterMinutes: 6 * 60, breakMinutes: 20, dailyRestHours: 11 },
  young: { breakAfterMinutes: 4.5 * 60, breakMinutes: 30, dailyRestHours: 12 },
} as const;

export type Breach =
  | {
      rule: "rest_break";
      /** The local day whose working time needed the break. */
      date: LocalDate;
      workedMinutes: number;
      /** The longest uninterrupted break taken that day. */
      longestBreakMinutes: number;
      requiredMinutes: number;
      shiftIds: string[];
    }
  | {
      rule: "daily_rest";
      /** Rest between one shift's end and the next one's start, in minutes. */
      restMinutes: number;
      requiredMinutes: number;
      shiftIds: [string, string];
    }
  | {
      rule: "weekly_rest";
      /** The Monday of the local week that lacked its rest. */
      weekStart: LocalDate;
      /** The longest time without work inside that week (rest running over its edges is cut to it). */
      longestRestMinutes: number;
      requiredMinutes: number;
      shiftIds: string[];
    }
  | {
      rule: "young_daily_limit";
      date: LocalDate;
      workedMinutes: number;
      limitMinutes: 480;
      shiftIds: string[];
    }
  | {
      rule: "young_weekly_limit";
      /** The Monday of the local week. */
      weekStart: LocalDate;
      workedMinutes: number;
      limitMinutes: 2400;
      shiftIds: string[];
    };

/** Reg 2(1): a young worker is one who has not yet attained 18 (someone born on 14/03/2008 is 18 on 14/03/2026). */
export function workerKindOn(dateOfBirth: LocalDate | null, date: LocalDate): WorkerKind {
  return dateOfBirth !== null && ageOn(dateOfBirth, date) < 18 ? "young" : "adult";
}

const workedMs = (shift: Shift) =>
  shift.end - shift.start - shift.breaks.reduce((sum, b) => sum + Math.max(0, b.end - b.start), 0);

/**
 * Reg 12: a worker whose working time on a day is MORE than 6 hours (a young worker: 4.5 hours) is entitled to
 * an uninterrupted break of at least 20 minutes (young: 30) during it. A day's working time adds up its
 * shifts (after breaks); a gap between two shifts of the day counts as a break when it is long enough, since
 * the worker was not working then. A day counts by the location's local date of each shift's start.
 */
export function restBreakBreaches(shifts: readonly Shift[], kind: WorkerKind, timeZone: string): Breach[] {
  const rules = WTR_RULES[kind];
  const breaches: Breach[] = [];
  for (const { date, workedMinutes: worked, shifts: ofDay } of breakDueDays(shifts, kind, timeZone)) {
    const pauses = ofDay.flatMap((s) => s.breaks.map((b) => b.end - b.start));
    for (let i = 1; i < ofDay.length; i++) {
      pauses.push((ofDay[i] as Shift).start - (ofDay[i - 1] as Shift).end);
    }
    const longest = Math.floor(Math.max(0, ...pauses) / MINUTE_MS);
    if (longest >= rules.breakMinutes) continue;
    breaches.push({
      rule: "rest_break",
      date,
      workedMinutes: worked,
      longestBreakMinutes: longest,
      requiredMinutes: rules.breakMinutes,
      shiftIds: ofDay.map((s) => s.id),
    });
  }
  return breaches;
}

/**
 * The days whose working time is more than 6 hours (a young worker: 4.5), so that reg 12 owes a rest break:
 * each day's shifts by the local date they start, oldest first. Where breaks are not recorded these are the
 * days that could not be checked.
 */
export function breakDueDays(shifts: readonly Shift[], kind: WorkerKind, timeZone: string) {
  const byDay = new Map<LocalDate, Shift[]>();
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    const date = localDateOf(shift.start, timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), shift]);
  }
  const due: { date: LocalDate; workedMinutes: number; shifts: Shift[] }[] = [];
  for (const [date, ofDay] of byDay) {
    const worked = Math.floor(ofDay.reduce((sum, s) => sum + workedMs(s), 0) / MINUTE_MS);
    if (worked > WTR_RULES[kind].breakAfterMinutes) due.push({ date, workedMinutes: worked, shifts: ofDay });
  }
  return due;
}

/**
 * Reg 10: at least 11 consecutive hours' rest (a young worker: 12) in each 24-hour period during which the
 * worker works. Checked for the 24 hours from the start of each shift: the longest rest inside that window
 * (a gap between two shifts, or the time from the window's last shift to its end, each cut to the window)
 * must reach the daily rest. A shift ending at 23:00 and the next starting at 07:00 is a breach (8 hours); a
 * split shift of 09:00–12:00 and 15:00–19:00 is not (14 hours' rest from 19:00).
 */
export function dailyRestBreaches(shifts: readonly Shift[], kind: WorkerKind): Breach[] {
  const required = WTR_RULES[kind].dailyRestHours * HOUR_MS;
  const windows = shortRestWindows(
    shifts,
    (s) => s.start,
    (s) => s.end,
    required,
  );
  return windows.map((window): Breach => {
    const longest = Math.max(window.longestGap, window.end - window.workedUntil);
    return {
      rule: "daily_rest",
      restMinutes: Math.floor(longest / MINUTE_MS),
      requiredMinutes: required / MINUTE_MS,
      shiftIds: [window.first.id, window.second.id],
    };
  });
}

/**
 * The 24 hours from a shift's start, with the shifts begun inside them. When none is, the next shift still
 * ends the rest: a 07:00–21:00 long day and a 07:00 start the next morning leave 10 hours between them.
 */
export type RestWindow<S> = {
  first: S;
  /** The next shift: inside the window, or the first after it when none begins inside it. */
  second: S;
  /**
   * The worker's shifts in time order: the window's are `ordered[from]` to `ordered[to - 1]` (the first, and
   * the next when none begins inside it, included). Shared by every window of one call, not copied.
   */
  ordered: readonly S[];
  from: number;
  to: number;
  end: number;
  /** The longest gap between the window's shifts (overlaps merged). */
  longestGap: number;
  /** When the window's last work ends (it may run past the window's end). */
  workedUntil: number;
};

/**
 * Reg 10's windows over one worker's shifts whose longest rest (a gap inside, or the time from the last work
 * to the window's end) falls short of `required`: shared by the compliance report and Live Status's warning
 * (which takes an open session's end as never). `startOf` and `endOf` give a shift's [start, end), taken once
 * into plain arrays, and only a short window is kept: Live Status runs this for every employee on every push,
 * and a day of many short sessions (a kiosk used as a toy, a load test) should cost the comparisons, not an
 * object or a copy of the shifts for every window.
 */
export function shortRestWindows<S>(
  shifts: readonly S[],
  startOf: (shift: S) => number,
  endOf: (shift: S) => number,
  required: number,
): RestWindow<S>[] {
  const ordered = [...shifts].sort((a, b) => startOf(a) - startOf(b));
  const starts = ordered.map(startOf);
  const ends = ordered.map(endOf);
  const windows: RestWindow<S>[] = [];
  let past = 0; // the first shift begun at or after the current window's end (windows only move on)
  for (let i = 0; i < ordered.length - 1; i++) {
    const end = (starts[i] as number) + 24 * HOUR_MS;
    while (past < ordered.length && (starts[past] as number) < end) past++;
    const to = Math.max(past, i + 2);
    let longestGap = 0;
    let workedUntil = ends[i] as number;
    for (let j = i + 1; j < to; j++) {
      longestGap = Math.max(longestGap, (starts[j] as number) - workedUntil);
      workedUntil = Math.max(workedUntil, ends[j] as number);
    }
    if (longestGap >= required || end - workedUntil >= required) continue;
    windows.push({
      first: ordered[i] as S,
      second: ordered[i + 1] as S,
      ordered,
      from: i,
      to,
      end,
      longestGap,
      workedUntil,
    });
  }
  return windows;
}

// --- Days and weeks as the regulations count them ---

/** The Monday of a day number's week (day 0, 01/01/1970, was a Thursday). */
const mondayOf = (day: number) => day - ((((day + 3) % 7) + 7) % 7);

const byDate = <T>(a: [LocalDate, T], b: [LocalDate, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Time at work as [start, end) spans, overlapping shifts merged, in time order. */
function atWork(shifts: readonly Shift[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    if (shift.end <= shift.start) continue;
    const last = spans.at(-1);
    if (last && shift.start <= last[1]) last[1] = Math.max(last[1], shift.end);
    else spans.push([shift.start, shift.end]);
  }
  return spans;
}

/** The spans of a shift actually worked: its time less its breaks. */
function workedSpans(shift: Shift): [number, number][] {
  const spans: [number, number][] = [];
  let from = shift.start;
  for (const pause of [...shift.breaks].sort((a, b) => a.start - b.start)) {
    const start = Math.max(shift.start, pause.start);
    const end = Math.min(shift.end, pause.end);
    if (end <= start) continue;
    if (start > from) spans.push([from, start]);
    from = Math.max(from, end);
  }
  if (shift.end > from) spans.push([from, shift.end]);
  return spans;
}

type WorkedDay = { ms: number; shiftIds: string[] };

/**
 * Working time per local date, a shift that runs past midnight split there: reg 2(1) defines a "day" as 24 hours
 * beginning at midnight, and that is the day of reg 5A's 8-hour limit and of reg 4's working days. (Rest breaks
 * count a shift whole on the day it starts: the break must fall inside it.) The clock-change days have 23 and 25
 * hours, so a 22:00–06:00 night is 7 hours on 29/03/2026 and 9 on 25/10/2026.
 */
function workedByDay(shifts: readonly Shift[], timeZone: string): Map<LocalDate, WorkedDay> {
  const calendar = zoneCalendar(timeZone);
  const days = new Map<LocalDate, WorkedDay>();
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    for (const [start, end] of workedSpans(shift)) {
      let from = start;
      let day = calendar.dayOf(start);
      while (from < end) {
        const until = Math.min(end, calendar.startOf(day + 1));
        const date = localDateOfDayNumber(day);
        const worked = days.get(date) ?? { ms: 0, shiftIds: [] };
        worked.ms += until - from;
        if (!worked.shiftIds.includes(shift.id)) worked.shiftIds.push(shift.id);
        days.set(date, worked);
        from = until;
        day++;
      }
    }
  }
  return days;
}

/** The gaps between spans of work inside [from, to), each cut to the window, including its two ends. */
function restsWithin(work: readonly [number, number][], from: number, to: number): number[] {
  const rests: number[] = [];
  let free = from;
  for (const [start, end] of work) {
    if (end <= from || start >= to) continue;
    if (start > free) rests.push(start - free);
    free = Math.max(free, end);
  }
  if (to > free) rests.push(to - free);
  return rests;
}

const WEEKLY_REST = { adult: 24 * HOUR_MS, young: 48 * HOUR_MS } as const;

/**
 * Reg 11: an adult is entitled to an uninterrupted 24 hours' rest in each 7-day period, or, if the employer so
 * determines (reg 11(2)), to two uninterrupted 24-hour rests or one of 48 hours in each 14-day period; a young
 * worker to 48 hours in each 7-day period (reg 11(3)). Without an agreement the periods begin at the start of
 * each week, a week starting at midnight between Sunday and Monday (reg 11(4) and (6)): local Monday-to-Sunday
 * weeks of the location's zone.
 *
 * Rest is measured as the time without work inside the week, so rest running over its edges is cut at them. A
 * week with no work in it has no breach. An adult's week that lacks its 24 hours is flagged only when the
 * fortnight made of it and the week before also lacks both alternatives: reg 11(5) starts the fortnights in the
 * week employment began, which the shifts do not tell, and once a week has ended the fortnight ending with it is
 * the one that can be judged. Not modelled: reg 11(7) (the weekly rest should not include the daily rest of
 * reg 10, making 35 hours in practice), reg 11(8) (a young worker's 48 hours may be cut to 36 for technical or
 * organisational reasons) and the exceptions of regs 21–24.
 */
export function weeklyRestBreaches(shifts: readonly Shift[], kind: WorkerKind, timeZone: string): Breach[] {
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
    if (kind === "adult" && fortnightHasRest(monday - 7)) continue;
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

// --- The 48-hour average week (regs 4 and 5) ---

/**
 * A worker's written agreement that the 48-hour limit does not apply (reg 5). `withdrawn` is the first day the
 * limit applies again: the day the worker's notice of withdrawal takes effect.
 */
export type OptOut = { signed: LocalDate; withdrawn: LocalDate | null };

export type AverageWeekResult = {
  /** Inclusive local dates. */
  referenceStart: LocalDate;
  referenceEnd: LocalDate;
  /** Each Monday-to-Sunday week of the period: working time counted in it (A) and its excluded days. */
  weeks: { weekStart: LocalDate; workedMinutes: number; excludedDays: number }[];
  /** The days in the reference period, and the weeks the total was divided by (C): never less than one. */
  referenceDays: number;
  dividedByWeeks: number;
  /** The period is the time since the worker started (reg 4(4)), shorter than the full reference period. */
  sinceStart: boolean;
  averageMinutes: number;
  limitMinutes: 2880;
  /** An opt-out applies on the reference period's last day. */
  optedOut: boolean;
  /** Fewer working days have followed the period than it has excluded days: the average can still change. */
  provisional: boolean;
  breach: boolean;
};

export const AVERAGE_WEEK_LIMIT_MINUTES = 2880;

const optOutAppliesOn = (optOuts: readonly OptOut[], date: LocalDate) =>
  optOuts.some((o) => o.signed <= date && (o.withdrawn === null || date < o.withdrawn));

/**
 * Reg 4: working time must not exceed an average of 48 hours for each 7 days over the reference period: any 17
 * weeks of the employment (reg 4(3)(b), rolling; here the 17 weeks ending on `referenceEnd`, a Sunday), or the
 * time since the worker started if that is less (reg 4(4)). The average is (A + B) / C (reg 4(6)):
 *
 * - A: working time in the period, leaving out the excluded days;
 * - B: working time after the period, from the day after it until the number of days "on which he has worked"
 *   equals the excluded days: days after `referenceEnd` with working time on them (local days split at midnight);
 *   when fewer have been worked so far, B is what there is and the result is `provisional`;
 * - C: the weeks in the period (days / 7 for a new starter).
 *
 * A new starter's period (reg 4(4): "the period that has elapsed since he started work") runs from
 * `employmentStart` to `referenceEnd`, or to `today` when that is earlier: days not yet lived are not part of it.
 * A period of fewer than seven days is divided by one week, not by its fraction of one: the limit is "48 hours
 * for each seven days" (reg 4(1)), and a period with no seven days in it holds its hours to 48 rather than
 * projecting a first 7-hour day to a 49-hour week (a reading of ours, docs/compliance.md).
 *
 * Excluded days (reg 4(7)) are days of annual leave, sick leave, maternity, paternity, adoption or parental leave
 * (`excludedDays`: pass the days of leave the worker would otherwise have worked, since each is made up by a day
 * of work after the period) and the days an opt-out applied on which the worker worked (reg 4(7)(d) with reg 5).
 * Two readings of ours, for the lead to review (docs/compliance.md): an opt-out's days off are not excluded, or
 * the 28 days of a 4-week opt-out would be replaced by 28 days of work, inflating the average by about 7/5; and
 * the excluded days' own hours are left out of A (the text of A is "working time during the reference period"),
 * since "made up" replaces those days rather than adding to them.
 *
 * A breach is an average of more than 48 hours while no opt-out applies on the period's last day.
 */
export function averageWeeklyHours(input: {
  shifts: readonly Shift[];
  timeZone: string;
  referenceEnd: LocalDate;
  employmentStart: LocalDate | null;
  excludedDays: ReadonlySet<LocalDate>;
  optOuts: readonly OptOut[];
  weeks?: number;
  /** The location's date today: a new starter's period ends here when `referenceEnd` is later. */
  today?: LocalDate;
}): AverageWeekResult {
  const { employmentStart, excludedDays, optOuts } = input;
  const fullStart = dayNumberOf(input.referenceEnd) - 7 * (input.weeks ?? 17) + 1;
  const sinceStart = employmentStart !== null && dayNumberOf(employmentStart) > fullStart;
  const referenceEnd =
    sinceStart && input.today !== undefined && input.today < input.referenceEnd
      ? input.today
      : input.referenceEnd;
  const endDay = dayNumberOf(referenceEnd);
  const startDay = sinceStart ? dayNumberOf(employmentStart) : fullStart;
  const byDay = workedByDay(input.shifts, input.timeZone);
  const isExcluded = (date: LocalDate) =>
    excludedDays.has(date) || (optOutAppliesOn(optOuts, date) && (byDay.get(date)?.ms ?? 0) > 0);

  let counted = 0;
  let excludedCount = 0;
  const weeks: AverageWeekResult["weeks"] = [];
  const weekMs: number[] = [];
  for (let day = startDay; day <= endDay; day++) {
    const date = localDateOfDayNumber(day);
    const weekStart = localDateOfDayNumber(mondayOf(day));
    if (weeks.at(-1)?.weekStart !== weekStart) {
      weeks.push({ weekStart, workedMinutes: 0, excludedDays: 0 });
      weekMs.push(0);
    }
    const week = weeks.at(-1) as AverageWeekResult["weeks"][number];
    if (isExcluded(date)) {
      week.excludedDays++;
      excludedCount++;
      continue;
    }
    const ms = byDay.get(date)?.ms ?? 0;
    counted += ms;
    weekMs[weekMs.length - 1] = (weekMs.at(-1) ?? 0) + ms;
  }
  for (const [i, week] of weeks.entries()) week.workedMinutes = Math.floor((weekMs[i] ?? 0) / MINUTE_MS);

  const daysAfter = [...byDay]
    .filter(([date, worked]) => date > referenceEnd && worked.ms > 0)
    .sort(byDate)
    .slice(0, excludedCount);
  const madeUp = daysAfter.reduce((sum, [, worked]) => sum + worked.ms, 0);
  // No days at all: a week looked at before the worker started.
  const days = Math.max(0, endDay - startDay + 1);
  const dividedByWeeks = Math.max(days, 7) / 7;
  const averageMinutes = days > 0 ? Math.round((counted + madeUp) / MINUTE_MS / dividedByWeeks) : 0;
  const optedOut = optOutAppliesOn(optOuts, referenceEnd);
  return {
    referenceStart: localDateOfDayNumber(startDay),
    referenceEnd,
    weeks,
    referenceDays: days,
    dividedByWeeks,
    sinceStart,
    averageMinutes,
    limitMinutes: AVERAGE_WEEK_LIMIT_MINUTES,
    optedOut,
    provisional: daysAfter.length < excludedCount,
    breach: averageMinutes > AVERAGE_WEEK_LIMIT_MINUTES && !optedOut,
  };
}
