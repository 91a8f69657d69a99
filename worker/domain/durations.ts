import type { OpenTimeRange } from "./ranges";
import { MINUTE_MS } from "./time-zone";

// The one rule for every duration Clocked shows (docs/hours.md, "How hours are counted"): each instant counts as the
// minute the clock showed, its seconds dropped, and a duration is the number of minutes between those clock
// minutes. So 09:00:50 to 09:04:10 is 4 minutes, exactly what "09:00" and "09:04" on a timesheet imply, and
// what the hours engine pays. The kiosk's "worked 0h 4m", Live Status, the timesheet, Staff Hours, the
// compliance report and the evidence pack all count with these functions.

/** The clock minute an instant falls in (epoch ms, seconds dropped). */
export const clockMinute = (instant: number) => Math.floor(instant / MINUTE_MS) * MINUTE_MS;

/** Whole minutes from one instant to another, each taken at its clock minute; never negative. */
export const minutesBetween = (from: number, to: number) =>
  Math.max(0, (clockMinute(to) - clockMinute(from)) / MINUTE_MS);

export type TimedSession = {
  checkIn: number;
  /** null while still checked in: counted up to `now`. */
  checkOut: number | null;
  /** A break still going on (`end` null) runs up to the session's end. */
  breaks?: readonly OpenTimeRange[];
};

/** Minutes worked in one session: check-in to check-out less its breaks, each counted by `minutesBetween`. */
export function sessionMinutes(session: TimedSession, now: number): number {
  const end = session.checkOut ?? now;
  const onBreak = (session.breaks ?? []).reduce(
    (sum, b) => sum + minutesBetween(Math.max(b.start, session.checkIn), Math.min(b.end ?? end, end)),
    0,
  );
  return Math.max(0, minutesBetween(session.checkIn, end) - onBreak);
}

/**
 * "37h 30m", zeros included. Every count above is a whole number of minutes; the only figure that is not (the
 * 48-hour average, a total divided by weeks) is rounded up to the next minute, so it never reads lower than it
 * is and an average over 48 hours never reads "48h 0m".
 */
export function hoursAndMinutes(minutes: number): string {
  const whole = Math.ceil(Math.abs(minutes) - 1e-9);
  const sign = minutes < 0 && whole > 0 ? "-" : "";
  return `${sign}${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** "0h 4m": the time between two instants, by the rule above. */
export const durationBetween = (from: number, to: number) => hoursAndMinutes(minutesBetween(from, to));
