import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { hoursSettingsOf, readLocationSettings } from "../db/location-settings";
import { computeStaffHours, type HoursSession } from "../domain/hours";
import { safeTimeZone } from "../domain/local-time";
import type { TimeRange } from "../domain/ranges";
import { paidToRota } from "../domain/rota-variance";
import { type StaffHours, type StaffMember, staffWithTime } from "../domain/staff-hours-rows";
import { hubFor, type RotaPay } from "../durable/client";

export type HoursOptions = {
  /** Time as worked, not as paid: pay to the rota left out (the working-time checks). */
  asWorked?: boolean;
  /** The period's published shifts and approved overtime, when the caller has them already. */
  rota?: RotaPay;
};

/**
 * Everyone's hours at a location for a period, by the location's own break rules and zone: the period's
 * sessions and everyone's own breaks from the location's hub (their system of record), who they are and the
 * location's break rules from D1.
 * Every current employee is listed, and anyone deleted since who has sessions in the period (their time is
 * still pay). `counted`: the period's sessions when the caller has them already.
 * With pay to the rota on (docs/rota.md), the hours are the time paid: each entry cut to its published shift
 * unless its overtime was approved. This is the one place it is applied, so the Hours tab, the timesheet's
 * day figures, the CSVs, the Monday reports and every payroll file carry the same paid hours.
 */
export async function staffHoursOf(
  env: Env,
  db: Db,
  location: { id: string; timezone: string },
  bounds: TimeRange,
  now: number,
  counted?: readonly HoursSession[],
  options: HoursOptions = {},
): Promise<StaffHours[]> {
  const hub = hubFor(env, location.id);
  const [settings, overrides, recorded, people] = await Promise.all([
    readLocationSettings(db, location.id),
    hub.breakOverrides(true),
    counted ?? hub.sessions({ start: bounds.start, end: bounds.end }),
    locationStaff(db, location.id),
  ]);
  const sessions =
    settings.payToRota && !options.asWorked
      ? await paidSessions(hub, bounds, recorded, now, options.rota)
      : recorded;
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

/** The sessions as a rota pays them: each cut to the published shift it worked, unless overtime was approved. */
async function paidSessions(
  hub: ReturnType<typeof hubFor>,
  bounds: TimeRange,
  sessions: readonly HoursSession[],
  now: number,
  known?: RotaPay,
): Promise<readonly HoursSession[]> {
  const rota = known ?? (await hub.rotaAgainst({ start: bounds.start, end: bounds.end }));
  if (rota.shifts.length === 0) return sessions;
  const approved = new Set(rota.overtime.map((approval) => approval.entryId));
  return paidToRota(sessions, rota.shifts, approved, now);
}
