import { and, asc, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { AttendanceStatus } from "../contracts/live";
import { DEFAULT_TIMEZONE, localDayBounds, localTimeLabel, safeTimeZone } from "../domain/local-time";
import type { Db } from "./client";
import { attendanceSessions, employees, locations } from "./schema";
import { overlappingSessionQueries } from "./staff-hours";

const fullName = sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`;

/** Who is in, who has left today, and the day's counters, for the location's own local day. */
export async function liveStatus(db: Db, locationId: string, timeZone: string, now = Date.now()) {
  const zone = safeTimeZone(timeZone);
  const today = localDayBounds(now, zone);
  const atLocation = eq(attendanceSessions.locationId, locationId);

  const [open, checkinsToday, staff, recent, older] = await db.batch([
    db
      .select({
        employeeId: attendanceSessions.employeeId,
        sessionId: attendanceSessions.id,
        name: fullName,
        at: attendanceSessions.checkInAt,
      })
      .from(attendanceSessions)
      .innerJoin(employees, eq(employees.id, attendanceSessions.employeeId))
      .where(and(atLocation, isNull(attendanceSessions.checkOutAt)))
      .orderBy(asc(attendanceSessions.checkInAt)),
    db
      .select({ n: count() })
      .from(attendanceSessions)
      .where(
        and(
          atLocation,
          gte(attendanceSessions.checkInAt, today.start),
          lt(attendanceSessions.checkInAt, today.end),
        ),
      ),
    // Who may be listed as gone: the location's current staff, by name.
    db
      .select({ id: employees.id, name: fullName })
      .from(employees)
      .where(and(eq(employees.locationId, locationId), isNull(employees.deletedAt))),
    // Today's sessions through the check-in index (and the few long or open ones through their partial
    // index), rather than every check-out the location ever had.
    ...overlappingSessionQueries(db, locationId, today),
  ]);

  const label = (at: number) => ({
    time: localTimeLabel(at, today.date, zone),
    at: new Date(at).toISOString(),
  });
  return {
    kpis: {
      employees_checked_in: open.filter((s) => s.at >= today.start).length,
      total_checkins_today: checkinsToday[0]?.n ?? 0,
      open_sessions: open.length,
    },
    checked_in: open.map((s) => ({
      id: s.employeeId,
      session_id: s.sessionId,
      name: s.name,
      ...label(s.at),
    })),
    checked_out: leftToday(open, [...recent, ...older], staff, today).map((s) => ({
      id: s.employeeId,
      name: s.name,
      ...label(s.at),
    })),
    date: today.date,
    timezone: zone,
  } satisfies AttendanceStatus;
}

/** Each current employee once, at their latest check-out today, unless they are back in; latest first. */
function leftToday(
  open: readonly { employeeId: string }[],
  sessions: readonly { employeeId: string; checkOut: number | null }[],
  staff: readonly { id: string; name: string }[],
  today: { start: number; end: number },
) {
  const inNow = new Set(open.map((s) => s.employeeId));
  const names = new Map(staff.map((e) => [e.id, e.name]));
  const latest = new Map<string, number>();
  for (const { employeeId, checkOut } of sessions) {
    if (checkOut === null || checkOut < today.start || checkOut >= today.end || inNow.has(employeeId))
      continue;
    if (!names.has(employeeId)) continue;
    latest.set(employeeId, Math.max(latest.get(employeeId) ?? checkOut, checkOut));
  }
  return [...latest]
    .map(([employeeId, at]) => ({ employeeId, name: names.get(employeeId) ?? "", at }))
    .sort((a, b) => b.at - a.at);
}

/** Live status for a location known only by id (the hub's view), in its stored time zone. */
export async function liveStatusOf(db: Db, locationId: string, now = Date.now()) {
  const location = await db.query.locations.findFirst({
    where: eq(locations.id, locationId),
    columns: { timezone: true },
  });
  return liveStatus(db, locationId, location?.timezone ?? DEFAULT_TIMEZONE, now);
}
