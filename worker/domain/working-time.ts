import { ageOn } from "./minimum-wage";
import type { TimeRange } from "./ranges";
import { HOUR_MS, type LocalDate, localDateOf, MINUTE_MS } from "./time-zone";
// UK working-time checks, as plain functions over a worker's shifts: the Working Time Regulations
// 1998 (SI 1998/1833). Sources and the regulation for each rule: docs/compliance.md. Rest breaks (reg 12),
// daily rest (reg 10), weekly rest (reg 11), young workers' daily and weekly limits (reg 5A), young workers'
// night work (regs 6A and 27A) and the 48-hour average week (regs 4 and 5).
//
// Here: the shapes every check shares, rest breaks, daily rest and rest windows. Weekly rest and young
// workers' limits are in working-time-weekly.ts, night work in working-time-night.ts, the 48-hour average in
// working-time-average.ts, and the way the regulations count days and weeks in working-time-days.ts.

export type WorkerKind = "adult" | "young";

/** A shift as worked: its times and the breaks taken in it (epoch ms; a shift still open has no end). */
export type Shift = {
  id: string;
  start: number;
  end: number;
  breaks: readonly TimeRange[];
};

export const WTR_RULES = {
  adult: { breakAfterMinutes: 6 * 60, breakMinutes: 20, dailyRestHours: 11 },
  young: { breakAfterMinutes: 4.5 * 60, breakMinutes: 30, dailyRestHours: 12 },
} as const;

/** Work inside the night's restricted period by a young worker (reg 6A; working-time-night.ts finds it). */
export type NightWork = {
  /** The local date the work inside the period began. */
  date: LocalDate;
  /** The first and last instants worked inside the period (epoch ms). */
  from: number;
  until: number;
  workedMinutes: number;
  /** The part of the night a young worker may not work there, "22:00–06:00". */
  period: string;
  shiftIds: string[];
};

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
  | ({ rule: "young_night_work" } & NightWork)
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
