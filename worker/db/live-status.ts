import { and, asc, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { AttendanceStatus } from "../contracts/live";
import { DEFAULT_TIMEZONE, localDayBounds, localTimeLabel, safeTimeZone } from "../domain/local-time";
import type { Db } from "./client";
import { attendanceSessions, employees, locations } from "./schema";

const fullName = sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`;

/** Who is in, who has left today, and the day's counters, for the location's own local day. */
export async function liveStatus(db: Db, locationId: string, timeZone: string, now = Date.now()) {
  const zone = safeTimeZone(timeZone);
  const today = localDayBounds(now, zone);
  const atLocation = eq(attendanceSessions.locationId, locationId);

  const [open, checkinsToday, leftToday] = await db.batch([
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
    // Each employee once, at their latest check-out today, unless they are back in.
    db
      .select({
        employeeId: attendanceSessions.employeeId,
        name: fullName,
        at: sql<number>`max(${attendanceSessions.checkOutAt})`.as("at"),
      })
      .from(attendanceSessions)
      .innerJoin(employees, eq(employees.id, attendanceSessions.employeeId))
      .where(
        and(
          atLocation,
          isNull(employees.deletedAt),
          gte(attendanceSessions.checkOutAt, today.start),
          lt(attendanceSessions.checkOutAt, today.end),
          sql`NOT EXISTS (SELECT 1 FROM attendance_sessions o
            WHERE o.employee_id = "attendance_sessions"."employee_id" AND o.check_out_at IS NULL)`,
        ),
      )
      .groupBy(attendanceSessions.employeeId)
      .orderBy(sql`at DESC`),
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
    checked_out: leftToday.map((s) => ({ id: s.employeeId, name: s.name, ...label(s.at) })),
    date: today.date,
    timezone: zone,
  } satisfies AttendanceStatus;
}

/** Live status for a location known only by id (the hub's view), in its stored time zone. */
export async function liveStatusOf(db: Db, locationId: string, now = Date.now()) {
  const location = await db.query.locations.findFirst({
    where: eq(locations.id, locationId),
    columns: { timezone: true },
  });
  return liveStatus(db, locationId, location?.timezone ?? DEFAULT_TIMEZONE, now);
}
