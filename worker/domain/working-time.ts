import { HOUR_MS, type LocalDate, localDateOf, MINUTE_MS } from "./time-zone";

// UK working-time checks (issue 18), as plain functions over a worker's shifts: the Working Time Regulations
// 1998 (SI 1998/1833). Sources and the regulation for each rule: docs/compliance.md. This first part covers
// rest breaks (reg 12) and daily rest (reg 10); weekly rest (reg 11), the 48-hour average (regs 4 and 5) and
// young workers' daily and weekly limits (reg 5A) follow.

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
    };

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
  const byDay = new Map<LocalDate, Shift[]>();
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    const date = localDateOf(shift.start, timeZone);
    byDay.set(date, [...(byDay.get(date) ?? []), shift]);
  }
  const breaches: Breach[] = [];
  for (const [date, ofDay] of byDay) {
    const worked = Math.floor(ofDay.reduce((sum, s) => sum + workedMs(s), 0) / MINUTE_MS);
    if (worked <= rules.breakAfterMinutes) continue;
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
 * Reg 10: at least 11 consecutive hours' rest (a young worker: 12) in each 24-hour period during which the
 * worker works. Checked for the 24 hours from the start of each shift: the longest rest inside that window
 * (a gap between two shifts, or the time from the window's last shift to its end, each cut to the window)
 * must reach the daily rest. A shift ending at 23:00 and the next starting at 07:00 is a breach (8 hours); a
 * split shift of 09:00–12:00 and 15:00–19:00 is not (14 hours' rest from 19:00).
 */
export function dailyRestBreaches(shifts: readonly Shift[], kind: WorkerKind): Breach[] {
  const required = WTR_RULES[kind].dailyRestHours * HOUR_MS;
  const ordered = [...shifts].sort((a, b) => a.start - b.start);
  const breaches: Breach[] = [];
  for (const [i, first] of ordered.entries()) {
    const windowEnd = first.start + 24 * HOUR_MS;
    const inWindow = ordered.slice(i).filter((s) => s.start < windowEnd);
    if (inWindow.length < 2) continue;
    let longest = 0;
    let workedUntil = first.end;
    for (const next of inWindow.slice(1)) {
      longest = Math.max(longest, next.start - workedUntil);
      workedUntil = Math.max(workedUntil, next.end);
    }
    longest = Math.max(longest, windowEnd - workedUntil);
    if (longest >= required) continue;
    breaches.push({
      rule: "daily_rest",
      restMinutes: Math.floor(longest / MINUTE_MS),
      requiredMinutes: required / MINUTE_MS,
      shiftIds: [first.id, (inWindow[1] as Shift).id],
    });
  }
  return breaches;
}
