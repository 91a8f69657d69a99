import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { hoursSettingsOf, readLocationSettings } from "../db/location-settings";
import { computeStaffHours, type HoursSession } from "../domain/hours";
import { safeTimeZone } from "../domain/local-time";
import type { TimeRange } from "../domain/ranges";
import { type StaffHours, type StaffMember, staffWithTime } from "../domain/staff-hours-rows";
import { hubFor } from "../durable/client";

/**
 * Everyone's hours at a location for a period, by the location's own break rules and zone: the period's
 * sessions and everyone's own breaks from the location's hub (their system of record), who they are and the
 * location's break rules from D1.
 * Every current employee is listed, and anyone deleted since who has sessions in the period (their time is
 * still pay). `counted`: the period's sessions when the caller has them already.
 */
export async function staffHoursOf(
  env: Env,
  db: Db,
  location: { id: string; timezone: string },
  bounds: TimeRange,
  now: number,
  counted?: readonly HoursSession[],
): Promise<StaffHours[]> {
  const hub = hubFor(env, location.id);
  const [settings, overrides, sessions, people] = await Promise.all([
    readLocationSettings(db, location.id),
    hub.breakOverrides(true),
    counted ?? hub.sessions({ start: bounds.start, end: bounds.end }),
    locationStaff(db, location.id),
  ]);
  const members: StaffMember[] = staffWithTime(people, sessions).map(
    ({ id, firstName, lastName, username, deletedAt }) => ({
      id,
      firstName,
      lastName,
      username,
      deleted: deletedAt !== null,
    }),
  );
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
