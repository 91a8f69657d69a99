import type { YoungNightSector } from "../contracts/working-time-settings";
import {
  DAY_MS,
  type LocalDate,
  localDateOfDayNumber,
  MINUTE_MS,
  type ZoneCalendar,
  zoneCalendar,
} from "./time-zone";
import type { NightWork, Shift } from "./working-time";
import { workedSpans } from "./working-time-days";

// Young workers' night work (reg 6A) and the sector exceptions of reg 27A. Sources: docs/compliance.md.

/**
 * What a location records for regs 6A and 27A: the sector whose exception the employer relies on, if any, and
 * whether young workers' contracts there provide for work after 22:00 (the restricted period is then 23:00–07:00).
 */
export type YoungNightSettings = { sector: YoungNightSector; contractAfter22: boolean };

export const NO_NIGHT_EXCEPTION: YoungNightSettings = { sector: "none", contractAfter22: false };

/**
 * Reg 27A's exceptions by sector: a hospital or similar establishment, and cultural, artistic, sporting or
 * advertising activities, may use a young worker throughout the night; agriculture, retail trading, postal or
 * newspaper deliveries, a catering business, a hotel, public house, restaurant, bar or similar establishment,
 * and a bakery, at any time except between midnight and 04:00.
 */
const ALL_NIGHT: readonly YoungNightSector[] = ["hospital", "arts_and_sport"];

/** The part of each night a young worker may not work, as local minutes from the evening's midnight. */
export function forbiddenPeriod(settings: YoungNightSettings): { from: number; to: number } | null {
  if (ALL_NIGHT.includes(settings.sector)) return null;
  if (settings.sector !== "none") return { from: 24 * 60, to: 28 * 60 };
  return settings.contractAfter22 ? { from: 23 * 60, to: 31 * 60 } : { from: 22 * 60, to: 30 * 60 };
}

/** "22:00–06:00" */
export function periodLabel(period: { from: number; to: number }): string {
  const clock = (minutes: number) => {
    const m = minutes % (24 * 60);
    return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  };
  return `${clock(period.from)}–${clock(period.to)}`;
}

/** The instant of a local wall-clock time, `minutes` after the start of local day `day` (past 24:00: the next day). */
export function localInstant(calendar: ZoneCalendar, day: number, minutes: number): number {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  const guess = calendar.startOf(day) + minutes * MINUTE_MS;
  return guess - (calendar.wallTime(guess) - wall);
}

/**
 * Reg 6A: an employer shall ensure that no young worker works during the restricted period, 22:00–06:00, or
 * 23:00–07:00 where the worker's contract provides for work after 22:00; reg 27A lets some sectors use young
 * workers in that period (never between midnight and 04:00, except a hospital or similar establishment and
 * cultural, artistic, sporting or advertising activities, which may use them all night). Working time counts,
 * breaks do not; one finding per night, from the first to the last minute worked in its period. `isYoungOn`
 * says on which days the worker was under 18 (judged on the day the work in the period began).
 *
 * Not modelled: the conditions of reg 27A (the work is needed for continuity or a surge in demand, no adult is
 * available, the young worker is supervised and given compensatory rest) and force majeure (reg 27): the clock
 * cannot show them, so they are the employer's to keep.
 */
export function youngNightWork(
  shifts: readonly Shift[],
  timeZone: string,
  settings: YoungNightSettings,
  isYoungOn: (date: LocalDate) => boolean = () => true,
): NightWork[] {
  const period = forbiddenPeriod(settings);
  if (period === null) return [];
  const calendar = zoneCalendar(timeZone);
  const nights = new Map<number, { from: number; until: number; ms: number; shiftIds: string[] }>();
  for (const shift of [...shifts].sort((a, b) => a.start - b.start)) {
    for (const [start, end] of workedSpans(shift)) {
      // The nights whose period can touch the span: from the evening before its first day.
      for (let day = calendar.dayOf(start) - 1; day <= calendar.dayOf(end - 1); day++) {
        const from = Math.max(start, localInstant(calendar, day, period.from));
        const until = Math.min(end, localInstant(calendar, day, period.to));
        if (until <= from) continue;
        const night = nights.get(day);
        if (night) {
          night.ms += until - from;
          night.from = Math.min(night.from, from);
          night.until = Math.max(night.until, until);
          if (!night.shiftIds.includes(shift.id)) night.shiftIds.push(shift.id);
        } else {
          nights.set(day, { from, until, ms: until - from, shiftIds: [shift.id] });
        }
      }
    }
  }
  return [...nights]
    .sort(([a], [b]) => a - b)
    .map(([, { from, until, ms, shiftIds }]) => ({
      date: localDateOfDayNumber(calendar.dayOf(from)),
      from,
      until,
      workedMinutes: Math.ceil(ms / MINUTE_MS),
      period: periodLabel(period),
      shiftIds,
    }))
    .filter((night) => isYoungOn(night.date));
}
