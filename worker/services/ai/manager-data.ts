import { RULE_NAMES, RULE_SOURCES } from "../../contracts/compliance";
import { STATUS_LABELS } from "../../contracts/employees";
import { LOCATION_NOT_FOUND, type Location } from "../../contracts/locations";
import type { Db } from "../../db/client";
import { listEmployees } from "../../db/employees";
import { readLocationSettings } from "../../db/location-settings";
import { findOwnedLocation, listLocations } from "../../db/locations";
import { hoursAndMinutes } from "../../domain/durations";
import { lateArrivals } from "../../domain/late-arrivals";
import { leaveAnalytics } from "../../domain/leave";
import { safeTimeZone } from "../../domain/local-time";
import {
  monthKey,
  type Period,
  resolveAnalyticsPeriod,
  resolveHoursPeriod,
  resolvePeriod,
  weekKey,
} from "../../domain/periods";
import { staffHoursRows } from "../../domain/staff-hours-rows";
import { addDays, localDateOf, startOfLocalDate } from "../../domain/time-zone";
import { hubFor } from "../../durable/client";
import { ApiError } from "../../lib/errors";
import { complianceReport } from "../compliance";
import { withHubState } from "../location-hubs";
import { planAgainstWorked } from "../rota-figures";
import { staffHoursOf } from "../staff-hours";
import { workerHolidays } from "../worker-holiday";
import { mondayOf } from "../working-time-checks";

// What the managers' assistant may read: the existing dashboard queries, bound to the signed-in account.
// Nothing here takes an account id from the caller; a location id is looked up among the account's own
// locations, and a foreign or unknown one is "not found". No PIN, hash or e-mail address is ever returned.

export const NOT_FOUND = { error: LOCATION_NOT_FOUND } as const;
export type NotFound = typeof NOT_FOUND;
export type WorkingTimeWeek = "this_week" | "last_week";

/** The periods the assistant reads, beyond the Hours tab's (this_week, month_YYYY_M, pay_YYYY-MM-DD). */
export const ASSISTANT_PERIODS = [
  "today",
  "yesterday",
  "this_week",
  "last_week",
  "this_month",
  "last_month",
] as const;

/**
 * A period the assistant may ask about: one of ASSISTANT_PERIODS, a month (month_YYYY_M) or a pay period, in
 * the location's zone; null for an unknown or future one.
 */
export function assistantPeriod(key: string, zone: string, now: number): Period | null {
  const today = localDateOf(now, zone);
  const day = (date: string, name: string): Period => ({
    key,
    name,
    start: startOfLocalDate(date, zone),
    end: startOfLocalDate(addDays(date, 1), zone),
    startDate: date,
    endDate: date,
  });
  if (key === "today") return day(today, "Today");
  if (key === "yesterday") return day(addDays(today, -1), "Yesterday");
  if (key === "last_week") {
    const period = resolvePeriod(weekKey(addDays(mondayOf(today), -7)), zone, now);
    return period && { ...period, key, name: "Last week" };
  }
  if (key === "last_month") {
    const [year, month] = today.split("-").map(Number) as [number, number];
    const period = resolvePeriod(month === 1 ? monthKey(year - 1, 12) : monthKey(year, month - 1), zone, now);
    return period && { ...period, key, name: "Last month" };
  }
  return key === "this_month" ? resolvePeriod(key, zone, now) : resolveHoursPeriod(key, zone, now);
}

export function managerData(env: Env, db: Db, userId: string, now = Date.now()) {
  /** The caller's location with that id, or all their locations; null for an id that is not theirs. */
  async function locationsFor(locationId?: string): Promise<Location[] | null> {
    if (!locationId) return listLocations(db, userId);
    const location = await findOwnedLocation(db, userId, locationId);
    return location ? [location] : null;
  }

  async function each<T>(
    locationId: string | undefined,
    read: (location: Location, zone: string) => Promise<T>,
  ) {
    const found = await locationsFor(locationId);
    if (!found) return NOT_FOUND;
    return Promise.all(found.map((location) => read(location, safeTimeZone(location.timezone))));
  }

  const periodOrThrow = (period: Period | null, key: string) => {
    if (!period) throw new ApiError(400, `Unknown period "${key}"`);
    return period;
  };

  return {
    now,
    locations: async () => (await listLocations(db, userId)).map(({ id, name }) => ({ id, name })),

    liveStatus: (locationId?: string) =>
      each(locationId, async (location) => {
        const status = await hubFor(env, location.id).currentStatus();
        return {
          location: location.name,
          location_id: location.id,
          ...status.kpis,
          checked_in: status.checked_in.map(({ name, time }) => ({ name, since: time })),
          checked_out_today: status.checked_out.map(({ name, time }) => ({ name, left_at: time })),
        };
      }),

    staffHours: (periodKey: string, locationId?: string) =>
      each(locationId, async (location, zone) => {
        const period = periodOrThrow(assistantPeriod(periodKey, zone, now), periodKey);
        const staff = staffHoursRows(await staffHoursOf(env, db, location, period, now));
        return {
          location: location.name,
          period: period.name,
          staff: staff.map((row) => ({
            name: row.name,
            worked_minutes: row.worked_minutes,
            worked: row.formatted_hours,
            days_worked: row.days_worked,
            in_progress: row.in_progress,
          })),
        };
      }),

    leaveAnalytics: (periodKey: string, locationId?: string) =>
      each(locationId, async (location, zone) => {
        const period = periodOrThrow(
          resolveAnalyticsPeriod(periodKey, zone, now) ?? assistantPeriod(periodKey, zone, now),
          periodKey,
        );
        const range = { startDate: period.startDate, endDate: period.endDate };
        const { current, periods } = await hubFor(env, location.id).leave(range);
        const analytics = leaveAnalytics({
          employees: current,
          records: periods,
          range,
          today: localDateOf(now, zone),
        });
        return { location: location.name, period: period.name, ...analytics };
      }),

    employees: (locationId?: string) =>
      each(locationId, async (location) => ({
        location: location.name,
        employees: (await withHubState(env, location.id, await listEmployees(db, location.id))).map((e) => ({
          name: `${e.first_name} ${e.last_name}`,
          username: e.username,
          active: e.active,
          status: e.current_status,
          status_label: STATUS_LABELS[e.current_status],
          checked_in: e.checked_in,
        })),
      })),

    lateArrivals: (periodKey: string, locationId?: string) =>
      each(locationId, async (location, zone) => {
        const bounds = periodOrThrow(assistantPeriod(periodKey, zone, now), periodKey);
        const [settings, sessions, staff] = await Promise.all([
          readLocationSettings(db, location.id),
          hubFor(env, location.id).checkIns({ start: bounds.start, end: Math.min(bounds.end, now + 1) }),
          listEmployees(db, location.id),
        ]);
        const names = new Map(staff.map((e) => [e.id, `${e.first_name} ${e.last_name}`]));
        const late = lateArrivals(sessions, settings.workdayStartTime, zone);
        return {
          location: location.name,
          period: bounds.name,
          workday_start_time: settings.workdayStartTime,
          late_arrivals: late
            .filter((entry) => names.has(entry.employeeId))
            .map((entry) => ({
              name: names.get(entry.employeeId) ?? "",
              date: entry.date,
              checked_in_at: entry.checkedInAt,
              minutes_late: entry.minutesLate,
            })),
        };
      }),

    /**
     * The published rota against the time worked, per employee (docs/rota.md, "Reports"): planned and worked
     * hours, lateness against each shift's start, no-shows and shifts worked with none planned. `has_rota`
     * false: the location published no shifts in the period.
     */
    plannedAgainstActual: (periodKey: string, locationId?: string) =>
      each(locationId, async (location, zone) => {
        const period = periodOrThrow(assistantPeriod(periodKey, zone, now), periodKey);
        const figures = await planAgainstWorked(env, db, { id: location.id, timezone: zone }, period, now);
        return {
          location: location.name,
          period: period.name,
          has_rota: figures !== null,
          employees: [...(figures?.values() ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name, "en-GB"))
            .map((e) => ({
              name: e.name,
              planned_minutes: e.plannedMinutes,
              planned: hoursAndMinutes(e.plannedMinutes),
              worked_minutes: e.workedMinutes,
              worked: hoursAndMinutes(e.workedMinutes),
              times_late: e.timesLate,
              minutes_late: e.minutesLate,
              no_shows: e.noShows,
              unplanned_shifts: e.unplanned,
            })),
        };
      }),

    /**
     * The working-time checks of the Compliance view for this week or last week, and the 17-week reference
     * period before it. The employees' sensitive facts stay out: no date of birth, opt-out, rate or pay.
     */
    workingTime: (week: WorkingTimeWeek, locationId?: string) =>
      each(locationId, async (location, zone) => {
        const monday = mondayOf(localDateOf(now, zone));
        const report = await complianceReport(
          env,
          db,
          location,
          week === "this_week" ? monday : addDays(monday, -7),
          now,
        );
        return {
          location: location.name,
          week_beginning: report.week_start,
          breaches: report.employees.flatMap((e) =>
            e.breaches.map((b) => ({
              employee: e.name,
              rule: RULE_NAMES[b.rule],
              regulation: RULE_SOURCES[b.rule],
              date: b.date,
              in_this_week: b.this_week,
              detail:
                b.rule === "minimum_wage"
                  ? "Paid below the National Minimum Wage for the hours worked in a pay period."
                  : b.detail,
            })),
          ),
          average_weekly_hours: report.employees.map((e) => ({
            employee: e.name,
            average_hours_over_17_weeks: Math.round(e.average.average_minutes / 6) / 10,
          })),
        };
      }),

    /**
     * Each worker's holiday for their leave year, as figures in days or hours: never pay, rates or dates of
     * birth (docs/compliance.md, "Holiday for every worker").
     */
    holiday: (locationId?: string) =>
      each(locationId, async (location) => {
        const found = await workerHolidays(env, db, location, now);
        return {
          location: location.name,
          rules: found.northern_ireland
            ? "Northern Ireland: every worker gets 5.6 weeks of their week or average week."
            : "Great Britain: irregular-hours workers accrue 12.07% of hours worked; others get 5.6 weeks of their week.",
          employees: found.employees.map((e) => ({
            employee: e.name,
            rule: e.rule,
            unit: e.unit,
            leave_year: `${e.leave_year_start} to ${e.leave_year_end}`,
            entitlement: e.entitlement,
            accrued: e.accrued,
            carried_over: e.carried_over,
            taken: e.taken,
            booked: e.booked,
            remaining: e.remaining,
            missing: e.missing,
          })),
        };
      }),
  };
}

export type ManagerData = ReturnType<typeof managerData>;
