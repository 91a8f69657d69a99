import type { MyShift, MyShiftsResponse } from "../contracts/staff-shifts";
import { MY_SHIFTS_DAYS } from "../contracts/staff-shifts";
import type { SignedInStaff } from "../db/staff-sessions";
import { rotaCalendar } from "../domain/icalendar";
import { safeTimeZone } from "../domain/local-time";
import type { PlannedShift } from "../domain/rota";
import { addDays, formatTimeAt, type LocalDate, localDateOf, startOfLocalDate } from "../domain/time-zone";
import { hubFor } from "../durable/client";

// A staff member's own published shifts (docs/staff-app.md, "My shifts, availability and open shifts"): read
// from their location's hub as published, so a draft or a change not yet published is never shown.

/** The signed-in employee's published shifts starting on the days from `from` (default: their today), 8 weeks. */
export async function myShifts(env: Env, staff: SignedInStaff, from: LocalDate | undefined, now: number) {
  const zone = safeTimeZone(staff.location.timezone);
  const today = localDateOf(now, zone);
  const first = from ?? today;
  const last = addDays(first, MY_SHIFTS_DAYS - 1);
  const bounds = { start: startOfLocalDate(first, zone), end: startOfLocalDate(addDays(last, 1), zone) };
  const published = await hubFor(env, staff.location.id).plannedShifts(bounds);
  const shifts = published.filter(
    (s) => s.employeeId === staff.employeeId && s.start >= bounds.start && s.start < bounds.end,
  );
  return { zone, today, first, last, shifts };
}

export const myShiftView = (shift: PlannedShift, locationName: string, zone: string): MyShift => ({
  id: shift.id,
  date: localDateOf(shift.start, zone),
  start_at: new Date(shift.start).toISOString(),
  end_at: new Date(shift.end).toISOString(),
  start_local: formatTimeAt(shift.start, zone),
  end_local: formatTimeAt(shift.end, zone),
  location_name: locationName,
  role: shift.role,
  break_minutes: shift.breakMinutes,
  notes: shift.notes,
});

export async function myShiftsResponse(
  env: Env,
  staff: SignedInStaff,
  from: LocalDate | undefined,
  now: number,
): Promise<MyShiftsResponse> {
  const read = await myShifts(env, staff, from, now);
  return {
    from: read.first,
    to: read.last,
    today: read.today,
    timezone: read.zone,
    shifts: read.shifts.map((s) => myShiftView(s, staff.location.name, read.zone)),
  };
}

/** The same shifts as an iCalendar file (the rota e-mail's format: stable UIDs, so calendars update). */
export async function myShiftsCalendar(
  env: Env,
  staff: SignedInStaff,
  from: LocalDate | undefined,
  now: number,
): Promise<string> {
  const read = await myShifts(env, staff, from, now);
  return rotaCalendar({
    locationName: staff.location.name,
    timeZone: read.zone,
    shifts: read.shifts.map(({ employeeId: _, ...shift }) => ({ ...shift, cancelled: false })),
    stamp: now,
  });
}
