import type { TimesheetEmployee } from "../contracts/timesheets";
import type { Db } from "../db/client";
import { readLocationSettings } from "../db/location-settings";
import type { Period } from "../domain/periods";
import { fullNameOf, isListed, type StaffHours } from "../domain/staff-hours-rows";
import { buildTimesheet, countedSessions } from "../domain/timesheet";
import { hubFor } from "../durable/client";
import { staffHoursOf } from "./staff-hours";

// A period's timesheet at a location (docs/hours.md, "Timesheets and corrections"): what the Timesheets tab
// shows and approves, and what the staff app shows each employee of their own (docs/staff-app.md).

export type SheetPeriod = { period: Period; timeZone: string; now: number };

/**
 * The period's entries, everyone its timesheet lists (staff who left, only with time in it), the published
 * rota against them, and the staff's queries about them, read once: the hours are paid to the rota when the
 * location says so.
 */
export async function sheetOf(env: Env, db: Db, location: { id: string; timezone: string }, at: SheetPeriod) {
  const hub = hubFor(env, location.id);
  const [found, rota, settings] = await Promise.all([
    hub.entries(at.period),
    hub.rotaAgainst({ start: at.period.start, end: at.period.end }),
    readLocationSettings(db, location.id),
  ]);
  const [staff, queries] = await Promise.all([
    staffHoursOf(env, db, location, at.period, at.now, countedSessions(found.entries), { rota }),
    hub.queriesAbout(
      found.entries.map((entry) => entry.id),
      at.period.startDate,
      at.period.endDate,
    ),
  ]);
  const onSheet = {
    shifts: rota.shifts,
    payToRota: settings.payToRota,
    overtime: new Map(rota.overtime.map((o) => [o.entryId, o])),
  };
  return { ...found, rota: onSheet, queries, staff: staff.filter(isListed) };
}

export type Sheet = Awaited<ReturnType<typeof sheetOf>>;

/** The week grid of these employees of the sheet; `payrollIds` by employee where the caller shows them. */
export function timesheetEmployees(
  sheet: Sheet,
  at: SheetPeriod,
  listed: readonly StaffHours[],
  payrollIds: ReadonlyMap<string, string | null> = new Map(),
): TimesheetEmployee[] {
  return buildTimesheet({
    entries: sheet.entries,
    staff: listed.map(({ member, hours }) => ({
      member: {
        id: member.id,
        name: fullNameOf(member),
        username: member.username,
        deleted: member.deleted,
        payrollId: payrollIds.get(member.id) ?? null,
      },
      hours,
    })),
    approvals: new Map(sheet.approvals.map((a) => [a.employeeId, a])),
    startDate: at.period.startDate,
    endDate: at.period.endDate,
    timeZone: at.timeZone,
    now: at.now,
    bounds: at.period,
    rota: sheet.rota,
    queries: sheet.queries,
  });
}
