import { clockMinute, hoursAndMinutes } from "./durations";
import type { OpenTimeRange, TimeRange } from "./ranges";
import {
  type LocalDate,
  localDateOfDayNumber,
  MINUTE_MS,
  type ZoneCalendar,
  zoneCalendar,
} from "./time-zone";

// The hours engine: what each employee worked in a period, day by day, after breaks.
//
// Counting rules, in order:
// 1. Whole minutes. Every check-in, check-out, `now` and period bound is truncated to its minute (the
//    minute the kiosk clock showed, `clockMinute` in ./durations.ts, the rule every duration shown follows)
//    before anything is counted. Local midnights fall on whole minutes,
//    so every piece below is a whole number of minutes: 09:00:59 to 17:00:01 is 8h 0m, exactly what
//    an export showing "09:00" and "17:00" implies. Day values are sums of pieces and period totals
//    are sums of days, so the figures always add up with no rounding left over.
// 2. Real elapsed time. A session is cut at each local midnight of the location's zone and at the
//    period bounds; only the part inside the period counts. Days are 23 or 25 hours long when the
//    clocks change, so 22:00 to 06:00 across the October change is 9 hours.
// 3. Open sessions (no check-out yet) count up to `now`, capped at the period end, and are flagged.
// 4. No time twice: when one employee's sessions overlap (a double check-in), the overlap counts once.
// 5. Breaks. A break clocked at the kiosk is unpaid time, minute for minute, where it was taken (an open
//    one up to now). On a day without a clocked break, when deduction is on: once per local day, only
//    when that day's time is MORE than 6 hours (the UK statutory rest-break threshold), the employee's
//    own break length if set, otherwise the location's; never more than the time worked; and the day is
//    marked "break assumed".
// 6. Overtime per day: worked minutes (after the break) beyond the employee's own workday, otherwise
//    the location's.

export const DEFAULT_STANDARD_BREAK_MINUTES = 30;
export const DEFAULT_WORKDAY_HOURS = 8;
/** A day must be longer than this for a break to be deducted; exactly 6 hours keeps every minute. */
export const BREAK_THRESHOLD_MINUTES = 6 * 60;

export type HoursSession = {
  id: string;
  employeeId: string;
  /** Epoch ms. */
  checkIn: number;
  /** Epoch ms; `null` while the employee is still checked in. */
  checkOut: number | null;
  /** Breaks clocked at the kiosk within the session; `end` is `null` while the break goes on. */
  breaks?: readonly OpenTimeRange[];
  /** How the time came to be counted, when not simply punched at the kiosk (the exports say so). */
  origin?: SessionOrigin;
};

/** An entry closed by the hub after a forgotten clock-out, added by a manager, or corrected by one. */
export type SessionOrigin = {
  autoClosed: boolean;
  added: boolean;
  corrected: boolean;
  /** The manager's reason for the latest correction or the addition (the evidence pack shows it). */
  reason?: string;
};

export type HoursEmployee = {
  id: string;
  name: string;
  customBreakMinutes?: number | null;
  customWorkHours?: number | null;
};

export type HoursSettings = {
  timeZone: string;
  /** Defaults to 30. */
  standardBreakMinutes?: number | null;
  /** Defaults to 8. */
  workdayHours?: number | null;
  breakDeductionEnabled: boolean;
};

export type MinuteTotals = {
  grossMinutes: number;
  breakMinutes: number;
  /** Gross minus break. */
  workedMinutes: number;
  overtimeMinutes: number;
};

export type DayHours = MinuteTotals & {
  date: LocalDate;
  /** No break was clocked this day, and the automatic deduction took one. */
  breakAssumed: boolean;
};

/**
 * The part of one session on one local day, inside the period: one export row. The day's break and
 * overtime are attributed to its latest pieces, so pieces add up to their day exactly.
 */
export type SessionPiece = MinuteTotals & {
  sessionId: string;
  employeeId: string;
  date: LocalDate;
  /** Epoch ms, whole minutes. */
  start: number;
  end: number;
  /** The session is still open and this piece runs up to now (or the period end). */
  inProgress: boolean;
  /** Its day's break was assumed, not clocked (see DayHours). */
  breakAssumed: boolean;
  /** Minutes of clocked breaks inside this piece, and whether any break was clocked in it at all. */
  clockedBreakMinutes: number;
  clockedBreak: boolean;
  /** Its session's origin, when not simply punched at the kiosk. */
  origin?: SessionOrigin;
};

export type EmployeeHours = MinuteTotals & {
  employeeId: string;
  /** Days with any time counted. */
  daysWorked: number;
  /** Sessions still open that started before the period end. */
  openSessions: number;
  inProgress: boolean;
  /** Days with at least one piece, oldest first. */
  days: DayHours[];
  /** Oldest first. */
  pieces: SessionPiece[];
};

export type StaffHoursInput = {
  sessions: readonly HoursSession[];
  /** One result per employee, in this order; sessions of anyone else are ignored. */
  employees: readonly HoursEmployee[];
  settings: HoursSettings;
  period: TimeRange;
  now: number;
};

const toMinute = clockMinute;

export function computeStaffHours(input: StaffHoursInput): EmployeeHours[] {
  const calendar = zoneCalendar(input.settings.timeZone);
  const bounds = { start: toMinute(input.period.start), end: toMinute(input.period.end) };
  const now = toMinute(input.now);
  const byEmployee = new Map<string, HoursSession[]>(input.employees.map((e) => [e.id, []]));
  for (const session of input.sessions) byEmployee.get(session.employeeId)?.push(session);

  return input.employees.map((employee) => {
    const sessions = (byEmployee.get(employee.id) ?? []).sort((a, b) => a.checkIn - b.checkIn);
    const { pieces, openSessions } = cutIntoPieces(sessions, calendar, bounds, now);
    const days = applyDayRules(pieces, dayRulesFor(employee, input.settings));
    return {
      employeeId: employee.id,
      ...sumOf(days),
      daysWorked: days.filter((day) => day.grossMinutes > 0).length,
      openSessions,
      inProgress: openSessions > 0,
      days,
      pieces,
    };
  });
}

/** "37h 30m"; 0 is "0h 0m" (the one wording of durations, ./durations.ts). */
export const formatHours = hoursAndMinutes;

type DayRules = { breakEnabled: boolean; breakMinutes: number; workdayMinutes: number };

/** Sessions (sorted by check-in) cut at local midnights and the period bounds; break and overtime still 0. */
function cutIntoPieces(
  sessions: readonly HoursSession[],
  calendar: ZoneCalendar,
  bounds: TimeRange,
  now: number,
) {
  const pieces: SessionPiece[] = [];
  let openSessions = 0;
  let countedUntil = bounds.start;
  for (const session of sessions) {
    const open = session.checkOut === null;
    const checkIn = toMinute(session.checkIn);
    if (open && checkIn < bounds.end) openSessions++;
    const from = Math.max(checkIn, countedUntil);
    const to = Math.min(session.checkOut === null ? now : toMinute(session.checkOut), bounds.end);
    // A closed session with no time left to count leaves no row; an open one that has just
    // started still shows, so an export says who is in.
    if (to < from || (to === from && !(open && checkIn >= bounds.start))) continue;
    let day = calendar.dayOf(from);
    let start = from;
    const breaks = (session.breaks ?? []).map((b) => ({
      start: toMinute(b.start),
      end: Math.min(b.end === null ? now : toMinute(b.end), to),
    }));
    do {
      const end = Math.min(to, calendar.startOf(day + 1));
      const inPiece = breaks.filter((b) => b.start >= start && b.start < Math.max(end, start + MINUTE_MS));
      const clockedMs = breaks.reduce(
        (sum, b) => sum + Math.max(0, Math.min(b.end, end) - Math.max(b.start, start)),
        0,
      );
      pieces.push({
        sessionId: session.id,
        employeeId: session.employeeId,
        date: localDateOfDayNumber(day),
        start,
        end,
        inProgress: open && end === to,
        grossMinutes: (end - start) / MINUTE_MS,
        breakMinutes: 0,
        workedMinutes: (end - start) / MINUTE_MS,
        overtimeMinutes: 0,
        breakAssumed: false,
        clockedBreakMinutes: clockedMs / MINUTE_MS,
        clockedBreak: inPiece.length > 0 || clockedMs > 0,
        ...(session.origin ? { origin: session.origin } : {}),
      });
      start = end;
      day++;
    } while (start < to);
    countedUntil = to;
  }
  return { pieces, openSessions };
}

function dayRulesFor(employee: HoursEmployee, settings: HoursSettings): DayRules {
  const standardBreak = settings.standardBreakMinutes ?? DEFAULT_STANDARD_BREAK_MINUTES;
  const workdayHours = employee.customWorkHours ?? settings.workdayHours ?? DEFAULT_WORKDAY_HOURS;
  return {
    breakEnabled: settings.breakDeductionEnabled,
    breakMinutes: nonNegativeWhole(employee.customBreakMinutes ?? standardBreak),
    workdayMinutes: nonNegativeWhole(workdayHours * 60),
  };
}

const nonNegativeWhole = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** Groups chronological pieces into days and settles each day's break and overtime. */
function applyDayRules(pieces: readonly SessionPiece[], rules: DayRules): DayHours[] {
  const days: DayHours[] = [];
  let ofDay: SessionPiece[] = [];
  for (const piece of pieces) {
    if (ofDay[0] && ofDay[0].date !== piece.date) {
      days.push(settleDay(ofDay[0].date, ofDay, rules));
      ofDay = [];
    }
    ofDay.push(piece);
  }
  if (ofDay[0]) days.push(settleDay(ofDay[0].date, ofDay, rules));
  return days;
}

function settleDay(date: LocalDate, ofDay: SessionPiece[], rules: DayRules): DayHours {
  const grossMinutes = ofDay.reduce((sum, piece) => sum + piece.grossMinutes, 0);
  const clocked = ofDay.some((piece) => piece.clockedBreak);
  const breakAssumed = !clocked && rules.breakEnabled && grossMinutes > BREAK_THRESHOLD_MINUTES;
  const assumedMinutes = breakAssumed ? Math.min(rules.breakMinutes, grossMinutes) : 0;
  // The latest minutes of the day are the ones beyond the workday, so overtime is spread back from
  // the last piece; an assumed break is taken from the same end so every piece stays whole and
  // non-negative. A clocked break stays in the piece it was taken in.
  let assumedLeft = assumedMinutes;
  for (let index = ofDay.length - 1; index >= 0; index--) {
    const piece = ofDay[index];
    if (!piece) continue;
    piece.breakMinutes = Math.min(clocked ? piece.clockedBreakMinutes : assumedLeft, piece.grossMinutes);
    piece.workedMinutes = piece.grossMinutes - piece.breakMinutes;
    piece.breakAssumed = breakAssumed;
    assumedLeft -= clocked ? 0 : piece.breakMinutes;
  }
  const breakMinutes = ofDay.reduce((sum, piece) => sum + piece.breakMinutes, 0);
  const workedMinutes = grossMinutes - breakMinutes;
  const overtimeMinutes = Math.max(0, workedMinutes - rules.workdayMinutes);
  let overtimeLeft = overtimeMinutes;
  for (let index = ofDay.length - 1; index >= 0; index--) {
    const piece = ofDay[index];
    if (!piece) continue;
    piece.overtimeMinutes = Math.min(overtimeLeft, piece.workedMinutes);
    overtimeLeft -= piece.overtimeMinutes;
  }
  return { date, grossMinutes, breakMinutes, workedMinutes, overtimeMinutes, breakAssumed };
}

function sumOf(days: readonly MinuteTotals[]): MinuteTotals {
  const total = { grossMinutes: 0, breakMinutes: 0, workedMinutes: 0, overtimeMinutes: 0 };
  for (const day of days) {
    total.grossMinutes += day.grossMinutes;
    total.breakMinutes += day.breakMinutes;
    total.workedMinutes += day.workedMinutes;
    total.overtimeMinutes += day.overtimeMinutes;
  }
  return total;
}
