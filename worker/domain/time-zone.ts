// Calendar arithmetic in a location's time zone, on Intl alone (no date library).
//
// Dates are handled as "day numbers" (days since 1970-01-01 on the local calendar), so adding days
// or finding a weekday is integer arithmetic. Only the mapping between instants and local days needs
// the zone, and that is cached per zone and per day: the hours engine asks for the same few dozen
// midnights thousands of times, and Intl.DateTimeFormat#formatToParts costs microseconds per call.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar date on a location's wall calendar, "YYYY-MM-DD". */
export type LocalDate = string;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a local date; throws a RangeError for anything that is not a real date. */
export function dayNumberOf(date: LocalDate): number {
  const match = LOCAL_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over into March: a date that does not come back unchanged is not real.
  if (localDateOfDayNumber(ms / DAY_MS) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return ms / DAY_MS;
}

const dateTexts = new Map<number, LocalDate>();

/** The local date of a day number; cached, as the hours engine labels every session piece with one. */
export function localDateOfDayNumber(day: number): LocalDate {
  let text = dateTexts.get(day);
  if (text === undefined) {
    if (dateTexts.size > 50_000) dateTexts.clear();
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateTexts.set(day, text);
  }
  return text;
}

export const addDays = (date: LocalDate, days: number): LocalDate =>
  localDateOfDayNumber(dayNumberOf(date) + days);

/** ISO weekday of a local date: Monday 1 … Sunday 7. */
export function weekdayOf(date: LocalDate): number {
  // Day 0, 1 January 1970, was a Thursday (4).
  return ((((dayNumberOf(date) + 3) % 7) + 7) % 7) + 1;
}

/** UK style, "dd/mm/yyyy". */
export function formatDate(date: LocalDate): string {
  dayNumberOf(date);
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

type DayStart = { start: number; offset: number };

/** One zone's calendar: which local day an instant falls on, and when each local day starts. */
export class ZoneCalendar {
  private readonly parts: Intl.DateTimeFormat;
  private readonly starts = new Map<number, DayStart>();

  /** Throws a RangeError for a zone Intl does not know. */
  constructor(readonly timeZone: string) {
    this.parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  }

  /** The local day number `instant` falls on. */
  dayOf(instant: number): number {
    let day = Math.floor(instant / DAY_MS);
    // The UTC day is at most one local day away; the cached day starts settle which side.
    while (instant < this.startOf(day)) day--;
    while (instant >= this.startOf(day + 1)) day++;
    return day;
  }

  /**
   * The first instant of a local day. Usually local 00:00, but a day is whatever lies between two
   * of these: 23 hours when the clocks go forward, 25 when they go back, and in zones that change
   * at midnight the day may start at 01:00.
   */
  startOf(day: number): number {
    return this.dayStart(day).start;
  }

  /** Local wall-clock time at `instant`, written as if it were a UTC timestamp. */
  wallTime(instant: number): number {
    const day = this.dayOf(instant);
    const today = this.dayStart(day);
    // Offsets only change at transitions: a day that starts and ends on the same offset has it all day.
    if (today.offset === this.dayStart(day + 1).offset) return instant + today.offset;
    return this.wallTimeFromIntl(instant);
  }

  private dayStart(day: number): DayStart {
    const cached = this.starts.get(day);
    if (cached) return cached;
    // A bound on memory for a long-lived isolate; real use touches a few hundred days per zone.
    if (this.starts.size > 50_000) this.starts.clear();
    const start = this.findStart(day);
    const found = { start, offset: this.wallTimeFromIntl(start) - start };
    this.starts.set(day, found);
    return found;
  }

  private findStart(day: number): number {
    const midnight = day * DAY_MS;
    const reached = (instant: number) => this.wallTimeFromIntl(instant) >= midnight;
    // Usual case: local midnight exists once and two offset refinements land on it.
    const guess = midnight - (this.wallTimeFromIntl(midnight) - midnight);
    const refined = midnight - (this.wallTimeFromIntl(guess) - guess);
    if (reached(refined) && !reached(refined - 1)) return refined;
    // Midnight skipped or repeated: the day starts at the first instant whose wall time reaches it.
    let before = midnight - DAY_MS;
    let after = midnight + DAY_MS;
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (reached(middle)) after = middle;
      else before = middle;
    }
    return after;
  }

  private wallTimeFromIntl(instant: number): number {
    const whole = Math.floor(instant / 1000) * 1000;
    const field = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const part of this.parts.formatToParts(whole)) {
      if (part.type in field) field[part.type as keyof typeof field] = Number(part.value);
    }
    const wall = Date.UTC(field.year, field.month - 1, field.day, field.hour, field.minute, field.second);
    return wall + (instant - whole);
  }
}

const calendars = new Map<string, ZoneCalendar>();

/** The cached calendar of a zone; throws a RangeError for an unknown zone. */
export function zoneCalendar(timeZone: string): ZoneCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new ZoneCalendar(timeZone);
    calendars.set(timeZone, calendar);
  }
  return calendar;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    zoneCalendar(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar date of an instant in a zone. */
export const localDateOf = (instant: number, timeZone: string): LocalDate =>
  localDateOfDayNumber(zoneCalendar(timeZone).dayOf(instant));

/** The instant a local date begins in a zone (local midnight, or the first instant after a skipped one). */
export const startOfLocalDate = (date: LocalDate, timeZone: string): number =>
  zoneCalendar(timeZone).startOf(dayNumberOf(date));

/** "dd/mm/yyyy" of an instant in a zone. */
export const formatDateAt = (instant: number, timeZone: string): string =>
  formatDate(localDateOf(instant, timeZone));

/** "HH:MM" (24-hour clock, seconds dropped) of an instant in a zone. */
export const formatTimeAt = (instant: number, timeZone: string): string =>
  new Date(zoneCalendar(timeZone).wallTime(instant)).toISOString().slice(11, 16);
