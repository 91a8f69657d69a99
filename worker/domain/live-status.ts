import type { AttendanceStatus } from "../contracts/live";
import { localTimeLabel } from "./local-time";

// The dashboard's Live Status (spec §3) from a location's day: who is in, who has left today, the counters.

type Session = { id: string; employeeId: string; checkIn: number; checkOut: number | null };
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
