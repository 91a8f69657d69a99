import type { OfflineRefusal } from "../contracts/kiosk";
import type { AttendanceStatus, OfflineRefused, WorkingTimeWarning } from "../contracts/live";
import { clockMinute, durationBetween } from "./durations";
import { localTimeLabel } from "./local-time";
import type { OpenTimeRange } from "./ranges";
import { formatTimeAt, HOUR_MS, localDateOf, MINUTE_MS } from "./time-zone";
import { type Shift, shortRestWindows } from "./working-time";
import { type YoungNightSettings, youngNightWork } from "./working-time-night";

// The dashboard's Live Status from a location's day: who is in, who has left today, the counters.

type Session = {
  id: string;
  employeeId: string;
  checkIn: number;
  checkOut: number | null;
  /** The status of a check-in made on a day of leave (see LiveStatus's `on_leave`). */
  onLeave?: string | null;
};
type OpenBreak = { sessionId: string; employeeId: string; start: number };

export type DayOfAttendance = {
  /** Every open session, earliest check-in first. */
  open: readonly Session[];
  /** Breaks clocked at the kiosk and not yet ended, earliest first. */
  onBreak: readonly OpenBreak[];
  /** The sessions that overlap the local day. */
  today: readonly Session[];
  checkInsToday: number;
  /** Everyone's name by id (deleted employees too: an open session keeps its name). */
  names: ReadonlyMap<string, string>;
  /** Current (not deleted) employees by id: only they are listed as gone. */
  currentStaff: ReadonlyMap<string, string>;
  day: { start: number; end: number; date: string };
  zone: string;
};

export function attendanceStatus(input: DayOfAttendance): AttendanceStatus {
  const { open, day, zone } = input;
  const label = (at: number) => ({
    time: localTimeLabel(at, day.date, zone),
    at: new Date(at).toISOString(),
  });
  return {
    kpis: {
      employees_checked_in: open.filter((s) => s.checkIn >= day.start).length,
      total_checkins_today: input.checkInsToday,
      open_sessions: open.length,
      on_break: input.onBreak.length,
    },
    checked_in: open.map((s) => ({
      id: s.employeeId,
      session_id: s.id,
      name: input.names.get(s.employeeId) ?? "",
      ...label(s.checkIn),
      on_leave: s.onLeave ?? null,
    })),
    on_break: input.onBreak.map((b) => ({
      id: b.employeeId,
      session_id: b.sessionId,
      name: input.names.get(b.employeeId) ?? "",
      ...label(b.start),
    })),
    checked_out: leftToday(input).map((s) => ({ id: s.employeeId, name: s.name, ...label(s.at) })),
    date: day.date,
    timezone: zone,
  };
}

/** Each current employee once, at their latest check-out today, unless they are back in; latest first. */
function leftToday({ open, today, currentStaff, day }: DayOfAttendance) {
  const inNow = new Set(open.map((s) => s.employeeId));
  const latest = new Map<string, number>();
  for (const { employeeId, checkOut } of today) {
    if (checkOut === null || checkOut < day.start || checkOut >= day.end || inNow.has(employeeId)) continue;
    if (!currentStaff.has(employeeId)) continue;
    latest.set(employeeId, Math.max(latest.get(employeeId) ?? checkOut, checkOut));
  }
  return [...latest]
    .map(([employeeId, at]) => ({ employeeId, name: currentStaff.get(employeeId) ?? "", at }))
    .sort((a, b) => b.at - a.at);
}

// --- Working-time warnings (docs/compliance.md) ---

/** Daily rest (WTR reg 10) and a young worker's day (reg 5A), as Live Status warns of them. */
export const LIVE_RULES = {
  adultRestHours: 11,
  youngRestHours: 12,
  youngDayMinutes: 8 * 60,
} as const;

export type WarningInput = {
  /** Sessions that began today, each with its breaks. */
  today: readonly (Session & { breaks: readonly OpenTimeRange[] })[];
  /** Sessions that began in the 24 hours before today: the daily rest is counted from them too. */
  earlier: readonly Session[];
  /** Employees under 18 today. */
  young: ReadonlySet<string>;
  /** The location's sector exception and contract hours for young workers' night work. */
  night: YoungNightSettings;
  names: ReadonlyMap<string, string>;
  zone: string;
  now: number;
};

/** The day someone born on `dateOfBirth` turns 18 (a 29 February birthday: 1 March in a common year). */
export function eighteenthBirthday(dateOfBirth: string): string {
  const year = String(Number(dateOfBirth.slice(0, 4)) + 18).padStart(4, "0");
  const monthDay = dateOfBirth.slice(5);
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return monthDay === "02-29" && !leap(Number(year)) ? `${year}-03-01` : `${year}-${monthDay}`;
}

/**
 * What the day's punches made a breach of, for the manager's eyes only (the kiosk's answer never changes):
 * too little daily rest (see `dailyRestWarnings`), a young worker's work today passing 8 hours (see
 * `youngDayWarnings`) and a young worker at work in the night's restricted period (see `youngNightWarnings`).
 * Employee by employee, each judged on their own shifts alone, earliest shift first: so the hub can judge again
 * only the employee whose shifts changed, or all of them when the location's night-work settings change
 * (hub-live-day.ts).
 */
export function workingTimeWarnings(input: WarningInput): WorkingTimeWarning[] {
  const theirs = new Map<
    string,
    { first: number; today: WarningInput["today"][number][]; earlier: Session[] }
  >();
  const own = (session: Session) => {
    const found = theirs.get(session.employeeId);
    if (found) {
      found.first = Math.min(found.first, session.checkIn);
      return found;
    }
    const created = { first: session.checkIn, today: [], earlier: [] };
    theirs.set(session.employeeId, created);
    return created;
  };
  for (const session of input.earlier) own(session).earlier.push(session);
  for (const session of input.today) own(session).today.push(session);
  return [...theirs]
    .sort(([a, x], [b, y]) => x.first - y.first || (a < b ? -1 : 1))
    .flatMap(([, shifts]) => {
      const one = { ...input, ...shifts };
      return [...dailyRestWarnings(one), ...youngDayWarnings(one), ...youngNightWarnings(one)];
    });
}

/**
 * A young worker's work today passing 8 hours (reg 5A). A young worker still in reaches 8 hours at a known
 * time (breaks taken so far do not count); the warning carries that time and shows once it has come. `now`
 * bounds only the time worked in a shift still going on, which no later shift follows (a correction cannot
 * overlap it), so a judgement does not change with the clock.
 */
function youngDayWarnings(input: WarningInput): WorkingTimeWarning[] {
  const { zone, names } = input;
  const warnings: WorkingTimeWarning[] = [];
  const ordered = [...input.today].sort((a, b) => a.checkIn - b.checkIn);
  const limit = LIVE_RULES.youngDayMinutes * MINUTE_MS;
  const workedBefore = new Map<string, number>();
  for (const session of ordered) {
    const id = session.employeeId;
    const before = workedBefore.get(id);
    if (!input.young.has(id) || (before ?? 0) > limit) continue;
    const ended = session.breaks.reduce((sum, b) => sum + (b.end === null ? 0 : b.end - b.start), 0);
    const openBreak = session.breaks.find((b) => b.end === null);
    // Worked so far in this session: up to its check-out, the start of a break going on, or now.
    const until = session.checkOut ?? openBreak?.start ?? input.now;
    const worked = Math.max(0, until - session.checkIn - ended);
    workedBefore.set(id, (before ?? 0) + worked);
    // When the day passes 8 hours (ended breaks taken as time off); still to come for someone at work now.
    const reachedAt = session.checkIn + (limit - (before ?? 0)) + ended;
    const atWork = session.checkOut === null && !openBreak;
    if (!atWork && (before ?? 0) + worked <= limit) continue;
    const from = Math.min(reachedAt, until);
    warnings.push({
      id,
      name: names.get(id) ?? "",
      rule: "young_daily_limit",
      detail:
        `Under 18: 8 hours' work today reached at ${formatTimeAt(atWork ? reachedAt : from, zone)}; a young ` +
        "worker may work at most 8 hours a day (Working Time Regulations 1998, reg 5A).",
      from: new Date(atWork ? reachedAt : from).toISOString(),
    });
  }
  return warnings;
}

/**
 * A young worker at work in the night's restricted period (reg 6A, with the location's reg 27A exception), as
 * the compliance report judges it (`youngNightWork` in working-time-night.ts), once a night, for the shifts
 * begun today. Someone still at work is counted as working on, so the warning carries the moment they enter
 * the period and shows once it has come; an open break ends the work at its start until it ends.
 */
function youngNightWarnings(input: WarningInput): WorkingTimeWarning[] {
  const warnings: WorkingTimeWarning[] = [];
  const byEmployee = new Map<string, Shift[]>();
  for (const session of input.today) {
    if (!input.young.has(session.employeeId)) continue;
    const openBreak = session.breaks.find((b) => b.end === null);
    const shift: Shift = {
      id: session.id,
      start: session.checkIn,
      end: session.checkOut ?? openBreak?.start ?? session.checkIn + 24 * HOUR_MS,
      breaks: session.breaks.flatMap((b) => (b.end === null ? [] : [{ start: b.start, end: b.end }])),
    };
    byEmployee.set(session.employeeId, [...(byEmployee.get(session.employeeId) ?? []), shift]);
  }
  const regs = input.night.sector === "none" ? "reg 6A" : "regs 6A and 27A";
  for (const [id, shifts] of byEmployee) {
    for (const night of youngNightWork(shifts, input.zone, input.night)) {
      warnings.push({
        id,
        name: input.names.get(id) ?? "",
        rule: "young_night_work",
        detail:
          `Under 18: at work at ${formatTimeAt(night.from, input.zone)}, inside ${night.period} when a ` +
          `young worker may not work here (Working Time Regulations 1998, ${regs}).`,
        from: new Date(night.from).toISOString(),
      });
    }
  }
  return warnings;
}

const REG_10 = "Working Time Regulations 1998, reg 10";

/**
 * Daily rest (reg 10) as the compliance report judges it (`dailyRestBreaches` in working-time.ts): in the
 * 24 hours from the start of each shift, the longest rest (a gap between shifts, or the time left after the
 * last one) must reach 11 hours, 12 for a young worker. A check-in at 07:00 after a shift that ended at 23:00
 * breaks it at once; a split shift of 09:00–12:00 and 15:00–19:00 does not. Warned of for the windows whose
 * second shift began today, from the moment the breach was certain: when the employee was at work inside the
 * rest the window's end still needed. A session still open counts as work until it closes, so a split shift
 * that runs late is warned of once it passes that point (a time the warning carries), not at its check-in;
 * of those, each employee is warned once, of the earliest.
 */
function dailyRestWarnings(input: WarningInput): WorkingTimeWarning[] {
  const { zone, names } = input;
  const today = new Set(input.today.map((s) => s.id));
  const byEmployee = new Map<string, Session[]>();
  for (const session of [...input.earlier, ...input.today]) {
    const theirs = byEmployee.get(session.employeeId);
    if (theirs) theirs.push(session);
    else byEmployee.set(session.employeeId, [session]);
  }
  const warnings: WorkingTimeWarning[] = [];
  for (const [id, sessions] of byEmployee) {
    const required = (input.young.has(id) ? LIVE_RULES.youngRestHours : LIVE_RULES.adultRestHours) * HOUR_MS;
    const hours = `${required / HOUR_MS}h`;
    const breaches = restBreaches(sessions, required).filter(({ second }) => today.has(second.id));
    const atCheckIn = breaches.filter(({ second, from }) => from === second.checkIn);
    const [earliest] = breaches.filter((b) => !atCheckIn.includes(b)).sort((a, b) => a.from - b.from);
    for (const { first, second, from } of atCheckIn) {
      warnings.push({
        id,
        name: names.get(id) ?? "",
        rule: "daily_rest",
        detail:
          `Checked in at ${formatTimeAt(from, zone)} after ${durationBetween(first.checkOut ?? second.checkIn, second.checkIn)} rest; at least ${hours} ` +
          `are needed between shifts (${REG_10}).`,
        from: new Date(from).toISOString(),
      });
    }
    if (earliest) {
      const { first, second, from } = earliest;
      const began =
        localDateOf(first.checkIn, zone) === localDateOf(second.checkIn, zone) ? "" : " yesterday";
      warnings.push({
        id,
        name: names.get(id) ?? "",
        rule: "daily_rest",
        detail:
          `At work at ${formatTimeAt(from, zone)}, leaving less than ${hours} rest in the 24 hours from the ` +
          `shift begun at ${formatTimeAt(first.checkIn, zone)}${began} (${REG_10}).`,
        from: new Date(from).toISOString(),
      });
    }
  }
  return warnings;
}

/**
 * One employee's daily-rest breaches, a window at a time: its first two shifts, and when the breach was
 * certain (`from`). An open session is taken as work that goes on.
 */
function restBreaches(sessions: readonly Session[], required: number) {
  // Rest is judged on clock minutes, as the compliance report and the warning's wording count it.
  const endOf = (s: Session) => (s.checkOut === null ? Number.POSITIVE_INFINITY : clockMinute(s.checkOut));
  const breaches: { first: Session; second: Session; from: number }[] = [];
  const windows = shortRestWindows(sessions, (s) => clockMinute(s.checkIn), endOf, required);
  for (const { first, second, ordered, from, to, end } of windows) {
    // Work that goes on past this instant leaves the window's end too little rest.
    const restNeededFrom = end - required;
    let atWork = second;
    for (let k = from; k < to; k++) {
      const shift = ordered[k] as Session;
      if (endOf(shift) > restNeededFrom) {
        atWork = shift;
        break;
      }
    }
    breaches.push({ first, second, from: Math.max(second.checkIn, atWork.checkIn, restNeededFrom) });
  }
  return breaches;
}

// --- Offline punches refused ---

const REFUSED_BECAUSE: Record<OfflineRefusal, string> = {
  wrong_pin: "the PIN was wrong",
  locked: "too many wrong PINs had been typed for this employee on this kiosk",
  unknown_employee: "no one of that name works here now",
  unreadable_pin: "the PIN could not be read",
  future: "the device's clock was ahead of the right time",
  too_old: "it arrived more than 72 hours later",
  out_of_order: "it was earlier than the device's previous punch",
  not_allowed: "it did not fit the employee's other punches",
};

const ACTION_WORDS: Record<string, string> = {
  check_in: "check-in",
  check_out: "check-out",
  break_start: "break start",
  break_end: "break end",
};

/** The hub's refused offline punches, worded for the manager, in the location's time. */
export function offlineRefusedOf(
  rows: readonly {
    employee_id: string | null;
    username: string;
    action: string;
    at: number;
    reason: string;
  }[],
  names: ReadonlyMap<string, string>,
  zone: string,
): OfflineRefused[] {
  return rows.map((row) => {
    const name = (row.employee_id && names.get(row.employee_id)) || row.username;
    const date = localDateOf(row.at, zone);
    const time = `${date.slice(8, 10)}/${date.slice(5, 7)} ${formatTimeAt(row.at, zone)}`;
    const because = REFUSED_BECAUSE[row.reason as OfflineRefusal] ?? row.reason;
    return {
      id: row.employee_id,
      name,
      action: row.action,
      at: new Date(row.at).toISOString(),
      time,
      detail: `An offline ${ACTION_WORDS[row.action] ?? row.action} at ${time} was not recorded: ${because}.`,
    };
  });
}
