import { STATUS_LABELS } from "../contracts/employee-status";
import type { Location } from "../contracts/locations";
import type { RotaWarning } from "../contracts/rota";
import { unavailableTimesFor } from "../db/availability";
import type { Db } from "../db/client";
import { datesWithStatus, LEAVE_STATUSES } from "../domain/leave";
import type { PlannedShift } from "../domain/rota";
import { planWarnings } from "../domain/rota-warnings";
import { addDays, type LocalDate } from "../domain/time-zone";
import { Assessment, loadRange, optOutsOf, REFERENCE_WEEKS } from "./working-time-checks";

/**
 * The working-time warnings of a planned week (docs/rota.md, "Working-time checks on the plan"): the
 * Compliance tab's rules on the week's planned shifts (drafts included) together with the hours already
 * worked, leave or sickness on a planned day, and a time the employee said they cannot work. Open shifts are nobody's and raise none. Loaded as the
 * Compliance tab loads: one read of the hub's sessions and statuses for the 17 weeks before the week and the
 * week itself, and the staff's facts from D1 once, for everyone.
 */
export async function rotaWarnings(
  env: Env,
  db: Db,
  location: Location,
  week: string,
  shifts: readonly PlannedShift[],
  now: number,
): Promise<RotaWarning[]> {
  const byEmployee = new Map<string, PlannedShift[]>();
  for (const shift of shifts) {
    if (shift.employeeId === null) continue;
    byEmployee.set(shift.employeeId, [...(byEmployee.get(shift.employeeId) ?? []), shift]);
  }
  if (byEmployee.size === 0) return [];
  const weekEnd = addDays(week, 6);
  const [loaded, unavailable] = await Promise.all([
    loadRange(env, db, location, { startDate: addDays(week, -7 * REFERENCE_WEEKS), endDate: weekEnd }, now),
    unavailableTimesFor(db, [...byEmployee.keys()]),
  ]);
  // Leave as recorded for the planned days, an open-ended period running on through them.
  const weekRange = { startDate: week, endDate: weekEnd };
  const leaveByStatus = LEAVE_STATUSES.map(
    (status) => [status, datesWithStatus(loaded.statuses, weekRange, weekEnd, [status])] as const,
  );
  const warnings: RotaWarning[] = [];
  for (const person of loaded.staff) {
    const planned = byEmployee.get(person.id);
    if (!planned) continue;
    const a = new Assessment(person, loaded);
    const leave = new Map<LocalDate, { status: string; label: string }>();
    for (const [status, dates] of leaveByStatus) {
      for (const date of dates.get(person.id) ?? [])
        leave.set(date, { status, label: STATUS_LABELS[status] });
    }
    warnings.push(
      ...planWarnings(
        week,
        planned,
        {
          employeeId: person.id,
          name: person.name,
          dateOfBirth: a.dateOfBirth,
          optOuts: optOutsOf(person.pay),
          employmentStart: a.employmentStart,
          worked: a.shifts,
          excludedDays: loaded.leave.get(person.id) ?? new Set(),
          leave,
          unavailable: unavailable.get(person.id) ?? [],
        },
        {
          timeZone: loaded.zone,
          weeklyRestFortnightly: loaded.weeklyRestFortnightly,
          youngNight: loaded.youngNight,
          averageReferenceStart: loaded.averageReferenceStart,
          today: loaded.today,
        },
      ),
    );
  }
  return warnings.sort((x, y) => x.date.localeCompare(y.date) || x.name.localeCompare(y.name, "en-GB"));
}
