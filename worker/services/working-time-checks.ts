import { BREAKS_NOT_CHECKED } from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { EmployeePay } from "../contracts/pay";
import type { Db } from "../db/client";
import { locationStaff } from "../db/employees";
import { readLocationSettings, youngNightOf } from "../db/location-settings";
import { employeePayAt, overtimeRulesOf, payTermsOf, readPayRules, scheduleOf } from "../db/pay-rules";
import { averageReferenceStartOf } from "../db/working-time-settings";
import { isBankHoliday } from "../domain/bank-holidays";
import { clockMinute, hoursAndMinutes } from "../domain/durations";
import type { HoursSession } from "../domain/hours";
import { datesWithStatus } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import { type Accommodation, minimumWageShortfall } from "../domain/minimum-wage";
import { payElements } from "../domain/pay-elements";
import { payPeriodOf } from "../domain/pay-periods";
import type { DateRange } from "../domain/ranges";
import { staffWithTime } from "../domain/staff-hours-rows";
import {
  addDays,
  type LocalDate,
  localDateOf,
  MINUTE_MS,
  startOfLocalDate,
  weekdayOf,
} from "../domain/time-zone";
import {
  type Breach,
  breakDueDays,
  dailyRestBreaches,
  restBreakBreaches,
  type Shift,
  workerKindOn,
} from "../domain/working-time";

import { averageForWeek, type OptOut } from "../domain/working-time-average";
import { workedByDay } from "../domain/working-time-days";
import { youngNightWork } from "../domain/working-time-night";
import { weeklyRestBreaches, youngWorkerLimitBreaches } from "../domain/working-time-weekly";
import { hubFor } from "../durable/client";

import { staffHoursOf } from "./staff-hours";

// What the working-time, minimum-wage and holiday checks (docs/compliance.md) share: a location's corrected hours over a
// range of dates, read once, each employee's findings from the rules in worker/domain, and their wording for a
// manager (what happened, in the location's time, and how to fix it: working-time-wording.ts). The Compliance view (compliance.ts),
// the evidence pack (evidence-pack.ts), holiday (holiday.ts) and the assistant read them.

/** The 48-hour average's reference period (WTR reg 4(3)(b)). */
export const REFERENCE_WEEKS = 17;
/** Leave that the 48-hour average leaves out and makes up from the days after (WTR reg 4(7)). */
const EXCLUDED_STATUSES = ["holiday", "sick_leave", "parental_leave"] as const;

export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

type Person = { id: string; name: string; joined: LocalDate; deleted: boolean; pay: EmployeePay | undefined };

/** What the checks need of a location over a range of local dates: one read of the hub, four of D1. */
export async function loadRange(env: Env, db: Db, location: Location, range: DateRange, now: number) {
  const zone = safeTimeZone(location.timezone);
  const today = localDateOf(now, zone);
  const bounds = {
    start: startOfLocalDate(range.startDate, zone),
    end: Math.max(
      startOfLocalDate(range.startDate, zone),
      Math.min(now, startOfLocalDate(addDays(range.endDate, 1), zone)),
    ),
  };
  const [sessions, people, pay, statuses, rules, settings, fixedStart] = await Promise.all([
    bounds.end > bounds.start ? hubFor(env, location.id).sessions(bounds) : Promise.resolve([]),
    locationStaff(db, location.id),
    employeePayAt(db, location.id),
    hubFor(env, location.id)
      .leave(range)
      .then((leave) => leave.periods),
    readPayRules(db, location.id),
    readLocationSettings(db, location.id),
    averageReferenceStartOf(db, location.id),
  ]);
  const staff: Person[] = staffWithTime(people, sessions)
    .map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      joined: localDateOf(p.createdAt, zone),
      deleted: p.deletedAt !== null,
      pay: pay.get(p.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  return {
    zone,
    today,
    now,
    bounds,
    sessions,
    staff,
    rules,
    /** Rest breaks can only be checked where staff clock them: elsewhere the clock cannot show a break. */
    breaksClocked: settings.recordBreaks,
    /** The employer's choices (docs/compliance.md, "What the employer decides"). */
    weeklyRestFortnightly: settings.weeklyRestFortnightly,
    youngNight: youngNightOf(settings),
    /** The first day of the account's fixed 48-hour average periods; null: rolling. */
    averageReferenceStart: fixedStart,
    notChecked: settings.recordBreaks ? [] : [{ rule: "rest_break" as const, verdict: BREAKS_NOT_CHECKED }],
    /** The hub's status periods over the range, as recorded (the rota's checks read planned days from them). */
    statuses,
    leave: datesWithStatus(statuses, range, today, EXCLUDED_STATUSES),
    holiday: datesWithStatus(statuses, range, today, ["holiday"]),
    hours: () => staffHoursOf(env, db, location, bounds, now, sessions),
  };
}

export type Loaded = Awaited<ReturnType<typeof loadRange>>;

/**
 * A session as the rules read it: every instant on its clock minute, as the hours engine and the timesheet
 * count time (domain/durations.ts), so a shift's worked time and rests here are the figures shown elsewhere.
 */
export const shiftOf = (session: HoursSession, now: number): Shift => ({
  id: session.id,
  start: clockMinute(session.checkIn),
  end: clockMinute(session.checkOut ?? now),
  breaks: (session.breaks ?? []).map((b) => ({
    start: clockMinute(b.start),
    end: clockMinute(b.end ?? now),
  })),
});

export const optOutsOf = (pay: EmployeePay | undefined): OptOut[] =>
  pay?.opt_out_signed ? [{ signed: pay.opt_out_signed, withdrawn: pay.opt_out_withdrawn }] : [];

/** The living accommodation an employee's pay terms record, in the domain's pence. */
const accommodationOf = (pay: EmployeePay): Accommodation | null =>
  pay.accommodation_days_per_week === null || pay.accommodation_weekly_charge === null
    ? null
    : {
        daysPerWeek: pay.accommodation_days_per_week,
        weeklyChargePence: Math.round(pay.accommodation_weekly_charge * 100),
      };

export const minutesLabel = hoursAndMinutes;

/** A shift's working time: its length less its breaks, in whole minutes. */
export const workedMinutesOf = (shift: Shift) =>
  Math.floor(
    (shift.end - shift.start - shift.breaks.reduce((sum, b) => sum + b.end - b.start, 0)) / MINUTE_MS,
  );

/** One employee's findings over the loaded range. */
export class Assessment {
  readonly sessions: HoursSession[];
  readonly shifts: Shift[];
  readonly #byId: Map<string, HoursSession>;
  #days: ReturnType<typeof workedByDay> | undefined;

  constructor(
    readonly person: Person,
    readonly loaded: Loaded,
  ) {
    this.sessions = loaded.sessions.filter((s) => s.employeeId === person.id);
    this.shifts = this.sessions.map((s) => shiftOf(s, loaded.now));
    this.#byId = new Map(this.sessions.map((s) => [s.id, s]));
  }

  get dateOfBirth() {
    return this.person.pay?.date_of_birth ?? null;
  }

  youngOn = (date: LocalDate) => workerKindOn(this.dateOfBirth, date) === "young";

  session(id: string) {
    return this.#byId.get(id);
  }

  /** Breaches of the rest and young-worker rules whose day falls in [start, end]. */
  breaches(start: LocalDate, end: LocalDate): Breach[] {
    const { zone } = this.loaded;
    const shiftDate = (id: string) => localDateOf(this.session(id)?.checkIn ?? 0, zone);
    const dateOf = (b: Breach) =>
      b.rule === "daily_rest" ? shiftDate(b.shiftIds[1]) : "weekStart" in b ? b.weekStart : b.date;
    const young = this.dateOfBirth !== null && this.youngOn(start);
    const kinds = young ? (["adult", "young"] as const) : (["adult"] as const);
    const found = kinds.flatMap((kind) =>
      [
        ...(this.loaded.breaksClocked ? restBreakBreaches(this.shifts, kind, zone) : []),
        ...dailyRestBreaches(this.shifts, kind),
        ...weeklyRestBreaches(this.shifts, kind, zone, this.loaded.weeklyRestFortnightly),
      ].filter((b) => this.youngOn(dateOf(b)) === (kind === "young")),
    );
    if (young) {
      found.push(...youngWorkerLimitBreaches(this.shifts, zone, this.youngOn), ...this.#nightWork());
    }
    return found.filter((b) => dateOf(b) >= start && dateOf(b) <= end);
  }

  /** Work in the night's restricted period on days they were under 18 (regs 6A and 27A). */
  #nightWork(): Breach[] {
    const { zone, youngNight } = this.loaded;
    return youngNightWork(this.shifts, zone, youngNight, this.youngOn).map((night) => ({
      rule: "young_night_work",
      ...night,
    }));
  }

  /**
   * The days of [start, end] that owed a rest break (reg 12) the clock data cannot show, at a location whose
   * kiosk does not record breaks; none where it does.
   */
  uncheckedBreakDays(start: LocalDate, end: LocalDate): LocalDate[] {
    if (this.loaded.breaksClocked) return [];
    const kinds = this.dateOfBirth !== null ? (["adult", "young"] as const) : (["adult"] as const);
    return kinds
      .flatMap((kind) =>
        breakDueDays(this.shifts, kind, this.loaded.zone)
          .map((day) => day.date)
          .filter((date) => this.youngOn(date) === (kind === "young")),
      )
      .filter((date) => date >= start && date <= end)
      .sort();
  }

  /** Added to Clocked, or the first shift on record if that is earlier (staff who worked before sign-up). */
  get employmentStart(): LocalDate | null {
    return (
      [this.person.joined, ...this.shifts.map((s) => localDateOf(s.start, this.loaded.zone))].sort()[0] ??
      null
    );
  }

  /**
   * The 48-hour average the week of `weekStart` (a Monday) is judged on: the worst of the rolling 17 weeks ending
   * on each of its days, or of the account's fixed periods (worker/domain/working-time-average.ts).
   */
  average(weekStart: LocalDate) {
    return averageForWeek({
      shifts: this.shifts,
      timeZone: this.loaded.zone,
      weekStart,
      fixedStart: this.loaded.averageReferenceStart,
      employmentStart: this.employmentStart,
      excludedDays: this.loaded.leave.get(this.person.id) ?? new Set(),
      optOuts: optOutsOf(this.person.pay),
      weeks: REFERENCE_WEEKS,
      today: this.loaded.today,
    });
  }

  /** Working time in the week of `monday`, in whole minutes (a shift past midnight split there). */
  workedInWeek(monday: LocalDate): number {
    this.#days ??= workedByDay(this.shifts, this.loaded.zone);
    const days = this.#days;
    let ms = 0;
    for (let day = 0; day < 7; day++) ms += days.get(addDays(monday, day))?.ms ?? 0;
    return Math.floor(ms / MINUTE_MS);
  }

  /** Minimum-wage shortfalls of the pay periods wholly inside [start, end] that have ended. */
  async shortfalls(start: LocalDate, end: LocalDate, days: DaysByEmployee) {
    const pay = this.person.pay;
    if (!pay || pay.hourly_rate === null) return [];
    const { rules, today } = this.loaded;
    const terms = payTermsOf(pay);
    const found = [];
    for (const period of payPeriodsWithin(scheduleOf(rules), start, end < today ? end : addDays(today, -1))) {
      const worked = (days.get(this.person.id) ?? []).filter(
        (d) => d.date >= period.startDate && d.date <= period.endDate,
      );
      if (worked.length === 0) continue;
      const summary = payElements(worked, overtimeRulesOf(rules), terms, (date) =>
        isBankHoliday(rules.bank_holiday_region, date),
      );
      // Pay for the time, at the basic rate (premiums above it do not count towards the minimum wage), against
      // the time actually worked: an assumed break that was never clocked was time at work.
      const paidMinutes = summary.days.reduce((sum, d) => sum + d.paidMinutes, 0);
      const workedMinutes = worked.reduce((sum, d) => sum + d.atWorkMinutes, 0);
      const shortfall = minimumWageShortfall({
        dateOfBirth: this.dateOfBirth,
        apprenticeshipStart: pay.apprenticeship_start,
        accommodation: accommodationOf(pay),
        periodStart: period.startDate,
        periodEnd: period.endDate,
        workedMinutes,
        paidPence: Math.round((paidMinutes * (terms.hourlyRatePence ?? 0)) / 60),
      });
      if (shortfall) found.push({ period, workedMinutes, ...shortfall });
    }
    return found;
  }
}

export type DaysByEmployee = Map<
  string,
  { date: LocalDate; workedMinutes: number; breakMinutes: number; atWorkMinutes: number }[]
>;

export async function daysOf(loaded: Loaded): Promise<DaysByEmployee> {
  const hours = await loaded.hours();
  return new Map(
    hours.map(({ member, hours: h }) => [
      member.id,
      h.days.map((day) => ({
        date: day.date,
        workedMinutes: day.workedMinutes,
        breakMinutes: day.breakMinutes,
        atWorkMinutes: day.breakAssumed ? day.grossMinutes : day.workedMinutes,
      })),
    ]),
  );
}

/** The pay periods of a schedule that lie wholly within [start, end]. */
export function payPeriodsWithin(
  schedule: ReturnType<typeof scheduleOf>,
  start: LocalDate,
  end: LocalDate,
): DateRange[] {
  const periods: DateRange[] = [];
  let period = payPeriodOf(schedule, start);
  if (period.startDate < start) period = payPeriodOf(schedule, addDays(period.endDate, 1));
  while (period.endDate <= end) {
    periods.push(period);
    period = payPeriodOf(schedule, addDays(period.endDate, 1));
  }
  return periods;
}
