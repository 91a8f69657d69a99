import type { Location } from "../contracts/locations";
import type { RotaShift, RotaWarning, RotaWeekResponse } from "../contracts/rota";
import type { Db } from "../db/client";
import { employeePayAt } from "../db/pay-rules";
import { leaveByDay } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import {
  changedSincePublish,
  type PlannedShift,
  type StoredShift,
  weekBounds,
  weekDates,
} from "../domain/rota";
import { type ActualDay, exactCost, rotaTotals } from "../domain/rota-totals";
import { addDays, type LocalDate, localDateOf, startOfLocalDate } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { rotaWarnings } from "./rota-checks";
import { staffHoursOf } from "./staff-hours";

// A week of the rota as the Rota tab reads it (docs/rota.md, "Planning"): its shifts from the location's hub,
// the working-time warnings on them, and the header figures.

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * A stored shift as the API answers it. Once the week was published, a shift added or changed since is marked
 * (staff have not seen it); before, every shift is simply a draft.
 */
export const rotaShiftView = (shift: StoredShift, weekPublished: boolean): RotaShift => ({
  id: shift.id,
  employee_id: shift.employeeId,
  start_at: iso(shift.start),
  end_at: iso(shift.end),
  break_minutes: shift.breakMinutes,
  role: shift.role,
  notes: shift.notes,
  published: shift.published !== null && !changedSincePublish(shift),
  changed_since_publish: weekPublished && changedSincePublish(shift),
});

const planned = ({ week: _w, published: _p, deleted: _d, ...shift }: StoredShift): PlannedShift => shift;

/** The week's shifts as they stand (deleted ones left out) and its publication. */
export async function readRotaWeek(env: Env, location: Location, week: LocalDate) {
  const timeZone = safeTimeZone(location.timezone);
  const found = await hubFor(env, location.id).rotaWeek(week, weekBounds(week, timeZone));
  const shifts = found.shifts.filter((s) => !s.deleted);
  return { timeZone, shifts, planned: shifts.map(planned), publication: found.publication };
}

/** The week's working-time warnings (drafts included). */
export const weekWarnings = (
  env: Env,
  db: Db,
  location: Location,
  week: LocalDate,
  shifts: readonly PlannedShift[],
  now: number,
): Promise<RotaWarning[]> => rotaWarnings(env, db, location, week, shifts, now);

/**
 * Worked minutes and their cost on each day of the week already over, by the hours engine (the Staff Hours
 * tab's figures): empty for a week not yet begun.
 */
async function actualDays(
  env: Env,
  db: Db,
  location: Location,
  week: LocalDate,
  now: number,
  rates: ReadonlyMap<string, number>,
): Promise<Map<LocalDate, ActualDay>> {
  const timeZone = safeTimeZone(location.timezone);
  const today = localDateOf(now, timeZone);
  const over = weekDates(week).filter((date) => date < today);
  const last = over.at(-1);
  if (last === undefined) return new Map();
  const days = new Map(over.map((date) => [date, { minutes: 0, cost: null as number | null }]));
  const bounds = {
    start: weekBounds(week, timeZone).start,
    end: startOfLocalDate(addDays(last, 1), timeZone),
  };
  for (const { member, hours } of await staffHoursOf(env, db, location, bounds, now)) {
    const rate = rates.get(member.id);
    for (const worked of hours.days) {
      const day = days.get(worked.date);
      if (!day) continue;
      day.minutes += worked.workedMinutes;
      if (rate !== undefined) day.cost = (day.cost ?? 0) + exactCost(worked.workedMinutes, rate);
    }
  }
  return new Map(
    [...days].map(([date, d]) => [
      date,
      { minutes: d.minutes, costPence: d.cost === null ? null : Math.round(d.cost) },
    ]),
  );
}

/** Hourly rates in pence of the location's staff who have one. */
async function ratesAt(db: Db, locationId: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  for (const [id, pay] of await employeePayAt(db, locationId)) {
    if (pay.hourly_rate !== null) rates.set(id, Math.round(pay.hourly_rate * 100));
  }
  return rates;
}

/** GET /api/manager/rota/:locationId?week=: the week, its warnings and its figures. */
export async function rotaWeekResponse(
  env: Env,
  db: Db,
  location: Location,
  week: LocalDate,
  now: number,
): Promise<RotaWeekResponse> {
  const read = await readRotaWeek(env, location, week);
  const rates = await ratesAt(db, location.id);
  const dates = weekDates(week);
  const range = { startDate: dates[0] ?? week, endDate: dates.at(-1) ?? week };
  const [warnings, actual, leave] = await Promise.all([
    weekWarnings(env, db, location, week, read.planned, now),
    actualDays(env, db, location, week, now, rates),
    hubFor(env, location.id).leave(range),
  ]);
  return {
    week,
    published_at: read.publication ? iso(read.publication.publishedAt) : null,
    published_by: read.publication?.publishedByName ?? null,
    timezone: read.timeZone,
    shifts: read.shifts.map((shift) => rotaShiftView(shift, read.publication !== null)),
    totals: rotaTotals({
      week,
      timeZone: read.timeZone,
      shifts: read.planned,
      hourlyRatePence: rates,
      actual,
    }),
    warnings,
    leave: leaveByDay(leave.periods, range).map((day) => ({
      employee_id: day.employeeId,
      date: day.date,
      status: day.status,
    })),
  };
}
