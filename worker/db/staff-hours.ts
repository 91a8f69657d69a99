import { and, eq, gte, lt, sql } from "drizzle-orm";
import { computeStaffHours, type HoursSession } from "../domain/hours";
import { safeTimeZone } from "../domain/local-time";
import type { StaffHours, StaffMember } from "../domain/staff-hours-rows";
import { breakOverridesAt } from "./break-overrides";
import type { Db } from "./client";
import { hoursSettingsOf, readLocationSettings } from "./location-settings";
import { attendanceSessions, employees, LONG_OR_OPEN_SESSION, SESSION_LOOKBACK_MS } from "./schema";

export type Bounds = { start: number; end: number };

/**
 * The queries for the location's sessions that overlap [start, end), and no others, as two index
 * searches: sessions that began inside the period or up to a day before it (the check-in index), and
 * the rare older ones still open or longer than a day (the partial index, which holds only those).
 */
export function overlappingSessionQueries(db: Db, locationId: string, bounds: Bounds) {
  const s = attendanceSessions;
  const columns = { id: s.id, employeeId: s.employeeId, checkIn: s.checkInAt, checkOut: s.checkOutAt };
  const reachesPeriod = sql`(${s.checkOutAt} IS NULL OR ${s.checkOutAt} > ${bounds.start})`;
  const lookback = bounds.start - SESSION_LOOKBACK_MS;
  return [
    db
      .select(columns)
      .from(s)
      .where(
        and(
          eq(s.locationId, locationId),
          gte(s.checkInAt, lookback),
          lt(s.checkInAt, bounds.end),
          reachesPeriod,
        ),
      ),
    db
      .select(columns)
      .from(s)
      .where(
        and(
          eq(s.locationId, locationId),
          lt(s.checkInAt, lookback),
          // Word for word the partial index's condition, or SQLite will not use it.
          sql.raw(`(${LONG_OR_OPEN_SESSION})`),
          reachesPeriod,
        ),
      ),
  ] as const;
}

export async function sessionsOverlapping(
  db: Db,
  locationId: string,
  bounds: Bounds,
): Promise<HoursSession[]> {
  const [recent, older] = await db.batch(overlappingSessionQueries(db, locationId, bounds));
  return [...older, ...recent];
}

/**
 * Everyone's hours at a location for a period, by the location's own break rules and zone: every
 * current employee, and anyone deleted since who has sessions in the period (their time is still pay).
 */
export async function staffHoursOf(
  db: Db,
  location: { id: string; timezone: string },
  bounds: Bounds,
  now: number,
): Promise<StaffHours[]> {
  const [settings, overrides, sessions, people] = await Promise.all([
    readLocationSettings(db, location.id),
    breakOverridesAt(db, location.id, true),
    sessionsOverlapping(db, location.id, bounds),
    db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        username: employees.username,
        deletedAt: employees.deletedAt,
      })
      .from(employees)
      .where(eq(employees.locationId, location.id)),
  ]);
  const withSessions = new Set(sessions.map((session) => session.employeeId));
  const members: StaffMember[] = people
    .filter((person) => person.deletedAt === null || withSessions.has(person.id))
    .map(({ deletedAt, ...person }) => ({ ...person, deleted: deletedAt !== null }));
  const overrideOf = new Map(overrides.map((o) => [o.employeeId, o]));
  const hours = computeStaffHours({
    sessions,
    employees: members.map((member) => ({
      id: member.id,
      name: `${member.firstName} ${member.lastName}`,
      customBreakMinutes: overrideOf.get(member.id)?.customBreakMinutes,
      customWorkHours: overrideOf.get(member.id)?.customWorkHours,
    })),
    settings: hoursSettingsOf(settings, safeTimeZone(location.timezone)),
    period: bounds,
    now,
  });
  return members.map((member, index) => {
    const result = hours[index];
    if (!result) throw new Error("the hours engine answers one result per employee");
    return { member, hours: result };
  });
}
