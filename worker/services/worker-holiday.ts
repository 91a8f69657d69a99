import { NO_WORKING_WEEK, type WorkerHoliday, type WorkerHolidayResponse } from "../contracts/holiday";
import type { Location } from "../contracts/locations";
import type { AccountHoliday } from "../contracts/working-time-settings";
import type { Db } from "../db/client";
import { accountHolidayOf } from "../db/holiday-settings";
import { approvedHalfDays } from "../db/leave-requests";
import { readLocationSettings } from "../db/location-settings";
import { listLocations } from "../db/locations";
import { scheduleOf } from "../db/pay-rules";
import type { HolidayBalanceRecord } from "../domain/account-records";
import { bankHolidaysBetween } from "../domain/bank-holidays";
import { accruedHolidayMinutes } from "../domain/holiday-accrual";
import { carriedOver } from "../domain/holiday-carry-over";
import type { WorkingWeek } from "../domain/holiday-entitlement";
import { averageWeekBefore, minutesCountedForLeave, type WorkRecord } from "../domain/holiday-leave-accrual";
import {
  datesBetween,
  type HolidayRule,
  holidayDaysCounted,
  holidayRuleFor,
  holidayYearBalance,
} from "../domain/holiday-year";
import { datesWithStatus } from "../domain/leave";
import { employedShare } from "../domain/leave-year";
import { safeTimeZone } from "../domain/local-time";
import { payPeriodOf } from "../domain/pay-periods";
import type { DateRange } from "../domain/ranges";
import { addDays, type LocalDate, localDateOf, weekdayOf } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import {
  type Employment,
  employmentOf,
  firstWorkedDays,
  holidayHistoryStart,
  leaveYearFor,
} from "./holiday-years";
import { daysOf, type Loaded, loadRange, payPeriodsWithin } from "./working-time-checks";

// Every worker's holiday for their current leave year (docs/compliance.md, "Holiday for every worker"): the rule
// that applies to them, their entitlement, what has accrued, carried over, been taken and booked, and what is left.

type Person = Loaded["staff"][number];

/** What one worker's figures are worked out from, read once for the location. */
type Inputs = {
  loaded: Loaded;
  firstWorked: Map<string, LocalDate>;
  account: AccountHoliday;
  worked: Map<string, Map<LocalDate, number>>;
  /** Holiday dates up to today and from tomorrow on, by employee. */
  holiday: Map<string, Set<LocalDate>>;
  booked: Map<string, Set<LocalDate>>;
  northernIreland: boolean;
  bankHolidaysFromLeave: boolean;
  /** Approved half days of holiday (leave requests), by employee: each such date counts as half a day. */
  halfDays: Map<string, Set<LocalDate>>;
};

/** One worker's figures and what a day of their holiday is, in minutes (a leave request's hours). */
export type WorkerHolidayFigures = { holiday: WorkerHoliday; dayMinutes: number };

export async function workerHolidays(
  env: Env,
  db: Db,
  location: Location,
  now: number,
): Promise<WorkerHolidayResponse> {
  const found = await holidayFigures(env, db, location, now);
  return { ...found, employees: found.employees.map((figures) => figures.holiday) };
}

/** One worker's holiday (the staff app, leave requests), worked out exactly as everyone's; null: no such worker. */
export async function workerHolidayOf(
  env: Env,
  db: Db,
  location: Location,
  employeeId: string,
  now: number,
): Promise<WorkerHolidayFigures | null> {
  const found = await holidayFigures(env, db, location, now);
  return found.employees.find((figures) => figures.holiday.employee_id === employeeId) ?? null;
}

async function holidayFigures(env: Env, db: Db, location: Location, now: number) {
  const [account, settings, halfDays] = await Promise.all([
    accountHolidayOf(db, location.id),
    readLocationSettings(db, location.id),
    approvedHalfDays(db, location.id),
  ]);
  const today = localDateOf(now, safeTimeZone(location.timezone));
  const from = await holidayHistoryStart(db, location, account, today);
  const loaded = await loadRange(env, db, location, { startDate: from, endDate: today }, now);
  const future = { startDate: addDays(today, 1), endDate: addDays(today, 370) };
  const [days, futureLeave] = await Promise.all([
    daysOf(loaded),
    hubFor(env, location.id)
      .leave(future)
      .then((leave) => leave.periods),
  ]);
  const inputs: Inputs = {
    loaded,
    firstWorked: firstWorkedDays(days),
    account,
    worked: new Map(
      [...days].map(([id, list]) => [id, new Map(list.map((d) => [d.date, d.workedMinutes] as const))]),
    ),
    holiday: loaded.holiday,
    booked: datesWithStatus(futureLeave, future, future.endDate, ["holiday"]),
    northernIreland: loaded.rules.bank_holiday_region === "northern-ireland",
    bankHolidaysFromLeave: settings.bankHolidaysFromLeave,
    halfDays,
  };
  const employees = loaded.staff
    .filter((person) => !person.deleted)
    .map((person) => workerHoliday(inputs, person));
  return {
    location_id: location.id,
    northern_ireland: inputs.northernIreland,
    bank_holidays_from_leave: settings.bankHolidaysFromLeave,
    employees,
  };
}

function workerHoliday(inputs: Inputs, person: Person): WorkerHolidayFigures {
  const { loaded, account } = inputs;
  const today = loaded.today;
  const employment = employmentOf(person.joined, person.pay, inputs.firstWorked.get(person.id) ?? null);
  const year = leaveYearFor(account, employment, today);
  const rule = holidayRuleFor({
    irregularHours: person.pay?.irregular_hours ?? false,
    northernIreland: inputs.northernIreland,
    leaveYearStart: year.startDate,
  });
  const record: WorkRecord = {
    worked: inputs.worked.get(person.id) ?? new Map(),
    leave: new Set(
      [...(loaded.leave.get(person.id) ?? [])].filter((date) => !inputs.holiday.get(person.id)?.has(date)),
    ),
    employmentStart: employment.start,
  };
  const week = weekOf(person, record, today);
  const previous = leaveYearFor(account, employment, addDays(year.startDate, -1));
  let carried = 0;
  if (previous.endDate >= employment.start && previous.startDate < year.startDate) {
    const last = yearFigures(inputs, person, employment, previous, previous.endDate, rule, week, record, 0);
    if (last.remaining !== null) {
      const inMinutes = last.unit === "hours";
      const weekSize = inMinutes ? (week.weeklyMinutes ?? 0) : Math.min(week.daysPerWeek ?? 0, 5);
      carried = carriedOver({
        remaining: inMinutes ? last.remaining * 60 : last.remaining,
        week: weekSize,
        capWeeks: account.carry_over_weeks,
        preventedBySickOrFamilyLeave: [...record.leave].some(
          (date) => date >= previous.startDate && date <= previous.endDate,
        ),
      }).total;
    }
  }
  const balance = yearFigures(inputs, person, employment, year, today, rule, week, record, carried);
  const holiday: WorkerHoliday = {
    employee_id: person.id,
    name: person.name,
    rule,
    unit: balance.unit,
    leave_year_start: year.startDate,
    leave_year_end: year.endDate,
    entitlement: balance.entitlement,
    accrued: balance.accrued,
    carried_over: balance.carriedOver,
    taken: balance.taken,
    booked: balance.booked,
    remaining: balance.remaining,
    missing: balance.entitlement === null && rule === "pattern" ? NO_WORKING_WEEK : null,
  };
  return { holiday, dayMinutes: balance.dayMinutes };
}

/**
 * The worker's week: their recorded days and hours; for an irregular-hours worker with no hours recorded, their
 * average week over the 52 weeks before today, as reg 15C averages it (none: unknown).
 */
function weekOf(person: Person, record: WorkRecord, today: LocalDate): WorkingWeek {
  const recorded = person.pay?.contracted_weekly_hours;
  const weeklyMinutes =
    recorded != null
      ? Math.round(recorded * 60)
      : person.pay?.irregular_hours
        ? Math.round(averageWeekBefore(record, today)) || null
        : null;
  return { daysPerWeek: person.pay?.working_days_per_week ?? null, weeklyMinutes };
}

/** One leave year's balance as it stands on `asOf` (today, or a past year's last day). */
function yearFigures(
  inputs: Inputs,
  person: Person,
  employment: Employment,
  year: DateRange,
  asOf: LocalDate,
  rule: HolidayRule,
  week: WorkingWeek,
  record: WorkRecord,
  carried: number,
) {
  const { loaded } = inputs;
  const employed = (date: LocalDate) =>
    date >= year.startDate &&
    date <= year.endDate &&
    date >= employment.start &&
    (employment.end === null || date <= employment.end);
  const taken = new Set([...(inputs.holiday.get(person.id) ?? [])].filter((d) => employed(d) && d <= asOf));
  const booked = new Set([...(inputs.booked.get(person.id) ?? [])].filter((d) => employed(d) && d > asOf));
  if (inputs.bankHolidaysFromLeave && rule === "pattern") {
    for (const { date } of bankHolidaysBetween(
      loaded.rules.bank_holiday_region,
      year.startDate,
      year.endDate,
    )) {
      if (!employed(date) || weekdayOf(date) > 5) continue;
      (date <= asOf ? taken : booked).add(date);
    }
  }
  const workedDays = [...record.worked].filter(([date, minutes]) => minutes > 0 && employed(date));
  const dayMinutes =
    week.weeklyMinutes !== null
      ? week.weeklyMinutes / (week.daysPerWeek ?? 5)
      : workedDays.length === 0
        ? 0
        : workedDays.reduce((sum, [, minutes]) => sum + minutes, 0) / workedDays.length;
  let accruedMinutes = 0;
  if (rule === "accrual") {
    const lastDay = year.endDate < asOf ? year.endDate : addDays(asOf, -1);
    const schedule = scheduleOf(loaded.rules);
    // A pay period that began before the leave year accrues for its days inside it.
    for (const period of payPeriodsWithin(
      schedule,
      payPeriodOf(schedule, year.startDate).startDate,
      lastDay,
    )) {
      const inYear = {
        startDate: [year.startDate, period.startDate].sort()[1] as LocalDate,
        endDate: period.endDate,
      };
      const workedMinutes = datesBetween(inYear.startDate, inYear.endDate).reduce(
        (sum, date) => sum + (employed(date) ? (record.worked.get(date) ?? 0) : 0),
        0,
      );
      accruedMinutes += accruedHolidayMinutes(workedMinutes + minutesCountedForLeave(record, inYear));
    }
  }
  const half = inputs.halfDays.get(person.id) ?? new Set<LocalDate>();
  const halves = (dates: Set<LocalDate>) => [...dates].filter((date) => half.has(date)).length / 2;
  const balance = holidayYearBalance({
    rule,
    year,
    today: asOf,
    employmentStart: employment.start,
    week,
    share: employedShare(year, employment.start, employment.end),
    accruedMinutes,
    takenDays: holidayDaysCounted(taken, week.daysPerWeek) - halves(taken),
    bookedDays: holidayDaysCounted(booked, week.daysPerWeek) - halves(booked),
    dayMinutes,
    carriedOver: carried,
  });
  return { ...balance, dayMinutes };
}

/** Every current worker's holiday at each of the account's locations, for the account export. */
export async function holidayRecords(
  env: Env,
  db: Db,
  userId: string,
  now: number,
): Promise<HolidayBalanceRecord[]> {
  const found = await Promise.all(
    (await listLocations(db, userId)).map((location) => workerHolidays(env, db, location, now)),
  );
  return found.flatMap((at) =>
    at.employees.map((e) => ({
      employeeId: e.employee_id,
      locationId: at.location_id,
      rule: e.rule,
      unit: e.unit,
      leaveYearStart: e.leave_year_start,
      leaveYearEnd: e.leave_year_end,
      entitlement: e.entitlement,
      accrued: e.accrued,
      carriedOver: e.carried_over,
      taken: e.taken,
      booked: e.booked,
      remaining: e.remaining,
    })),
  );
}
