import { type StaffHoursResponse, UNKNOWN_STAFF_PERIOD } from "../contracts/staff-hours";
import type { Db } from "../db/client";
import { readPaySchedule } from "../db/pay-rules";
import { safeTimeZone } from "../domain/local-time";
import { payPeriodOptions, periodInfoOf, resolveTimesheetPeriod } from "../domain/periods";
import { staffHoursDays } from "../domain/staff-hours-view";
import { badRequest } from "../lib/errors";
import { payrollRun } from "./payroll";
import { sheetOf, timesheetEmployees } from "./timesheet";

// My hours in the staff app (docs/staff-app.md): the employee's row of the location's timesheet for this pay
// period or the last, read by the same code as the Timesheets tab, and its totals as the pay rules count them.

type Location = { id: string; timezone: string };

/** This pay period and the last, by the location's schedule; `key` picks one (default: this one). */
export async function staffPeriod(db: Db, location: Location, key: string | undefined, now: number) {
  const timeZone = safeTimeZone(location.timezone);
  const schedule = await readPaySchedule(db, location.id);
  const options = payPeriodOptions(schedule, timeZone, now, 2);
  const wanted = key?.trim() || options[0]?.key;
  const period =
    wanted && options.some((option) => option.key === wanted)
      ? resolveTimesheetPeriod(wanted, timeZone, now, schedule)
      : null;
  if (!period) throw badRequest(UNKNOWN_STAFF_PERIOD);
  return { at: { period, timeZone, now }, options, schedule };
}

export async function staffHoursOfPeriod(
  env: Env,
  db: Db,
  location: Location,
  employeeId: string,
  key: string | undefined,
): Promise<StaffHoursResponse> {
  const { at, options } = await staffPeriod(db, location, key, Date.now());
  const sheet = await sheetOf(env, db, location, at);
  const mine = sheet.staff.filter(({ member }) => member.id === employeeId);
  const [row] = timesheetEmployees(sheet, at, mine);
  const pay = await payrollRun(env, db, location, at.period, at.now, mine);
  const totals = pay.employees[0]?.summary.totals;
  return {
    period_info: periodInfoOf(at.period),
    periods: options.map((option, index) => ({
      key: option.key,
      name: index === 0 ? "This pay period" : "Last pay period",
    })),
    days: row
      ? staffHoursDays(
          row.days,
          sheet.entries.filter((entry) => entry.employeeId === employeeId),
          at.now,
        )
      : [],
    totals: {
      worked_minutes: row?.worked_minutes ?? 0,
      break_minutes: row?.break_minutes ?? 0,
      paid_minutes: totals ? totals.basic + totals.overtime + totals.premium : 0,
      overtime_minutes: totals?.overtime ?? 0,
    },
    approved: row?.approved_at != null,
    approved_at: row?.approved_at ?? null,
    timezone: at.timeZone,
  };
}
