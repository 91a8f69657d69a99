import { eq } from "drizzle-orm";
import { BREAKS_NOT_CHECKED, type ComplianceBreach } from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { EmployeePay } from "../contracts/pay";
import type { Db } from "../db/client";
import { readLocationSettings } from "../db/location-settings";
import { employeePayAt, overtimeRulesOf, payTermsOf, readPayRules, scheduleOf } from "../db/pay-rules";
import { employees } from "../db/schema";
import { isBankHoliday } from "../domain/bank-holidays";
import { clockMinute, hoursAndMinutes } from "../domain/durations";
import type { HoursSession } from "../domain/hours";
import { datesWithStatus } from "../domain/leave";
import { safeTimeZone } from "../domain/local-time";
import { minimumWageShortfall } from "../domain/minimum-wage";
import { payElements } from "../domain/pay-elements";
import { type PayPeriodDates, payPeriodOf } from "../domain/pay-periods";
import {
  addDays,
  formatDate,
  formatDateAt,
  formatTimeAt,
  type LocalDate,
  localDateOf,
  MINUTE_MS,
  startOfLocalDate,
  weekdayOf,
} from "../domain/time-zone";
import {
  averageWeeklyHours,
  type Breach,
  breakDueDays,
  dailyRestBreaches,
  type OptOut,
  restBreakBreaches,
  type Shift,
  WTR_RULES,
  weeklyRestBreaches,
  workerKindOn,
  youngWorkerLimitBreaches,
} from "../domain/working-time";
import { hubFor } from "../durable/client";
import { staffHoursOf } from "./staff-hours";

// What the working-time, minimum-wage and holiday checks (docs/compliance.md) share: a location's corrected hours over a
// range of dates, read once, each employee's findings from the rules in worker/domain, and their wording for a
// manager (what happened, in the location's time, and how to fix it). The Compliance view (compliance.ts),
// the evidence pack (evidence-pack.ts), holiday (holiday.ts) and the assistant read them.

/** The 48-hour average's reference period (WTR reg 4(3)(b)). */
export const REFERENCE_WEEKS = 17;
/** Leave that the 48-hour average leaves out and makes up from the days after (WTR reg 4(7)). */
const EXCLUDED_STATUSES = ["holiday", "sick_leave", "parental_leave"] as const;

export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

type Person = { id: string; name: string; joined: LocalDate; deleted: boolean; pay: EmployeePay | undefined };

/** What the checks need of a location over a range of local dates: one read of the hub, four of D1. */
export async function loadRange(
  env: Env,
  db: Db,
  location: Location,
  range: { start: LocalDate; end: LocalDate },
  now: number,
) {
  const zone = safeTimeZone(location.timezone);
  const today = localDateOf(now, zone);
  const bounds = {
    start: startOfLocalDate(range.start, zone),
    end: Math.max(
      startOfLocalDate(range.start, zone),
      Math.min(now, startOfLocalDate(addDays(range.end, 1), zone)),
    ),
  };
  const [sessions, people, pay, statuses, rules, settings] = await Promise.all([
    bounds.end > bounds.start ? hubFor(env, location.id).sessions(bounds) : Promise.resolve([]),
    db
      .select({
        id: employees.id,
        firstName: employees.firstName,
        lastName: employees.lastName,
        deletedAt: employees.deletedAt,
        createdAt: employees.createdAt,
      })
      .from(employees)
      .where(eq(employees.locationId, location.id)),
    employeePayAt(db, location.id),
    hubFor(env, location.id)
      .leave({ startDate: range.start, endDate: range.end })
      .then((leave) => leave.periods),
    readPayRules(db, location.id),
    readLocationSettings(db, location.id),
  ]);
  const withSessions = new Set(sessions.map((s) => s.employeeId));
  const staff: Person[] = people
    .filter((p) => p.deletedAt === null || withSessions.has(p.id))
    .map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      joined: localDateOf(p.createdAt, zone),
      deleted: p.deletedAt !== null,
      pay: pay.get(p.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
  const range_ = { startDate: range.start, endDate: range.end };
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
    notChecked: settings.recordBreaks ? [] : [{ rule: "rest_break" as const, verdict: BREAKS_NOT_CHECKED }],
    leave: datesWithStatus(statuses, range_, today, EXCLUDED_STATUSES),
    holiday: datesWithStatus(statuses, range_, today, ["holiday"]),
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

const optOutsOf = (pay: EmployeePay | undefined): OptOut[] =>
  pay?.opt_out_signed ? [{ signed: pay.opt_out_signed, withdrawn: pay.opt_out_withdrawn }] : [];

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
        ...weeklyRestBreaches(this.shifts, kind, zone),
      ].filter((b) => this.youngOn(dateOf(b)) === (kind === "young")),
    );
    if (young) found.push(...youngWorkerLimitBreaches(this.shifts, zone, this.youngOn));
    return found.filter((b) => dateOf(b) >= start && dateOf(b) <= end);
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

  /** The 17-week average ending on `weekEnd` (a Sunday). */
  average(weekEnd: LocalDate) {
    return averageWeeklyHours({
      shifts: this.shifts,
      timeZone: this.loaded.zone,
      referenceEnd: weekEnd,
      employmentStart: this.employmentStart,
      excludedDays: this.loaded.leave.get(this.person.id) ?? new Set(),
      optOuts: optOutsOf(this.person.pay),
      weeks: REFERENCE_WEEKS,
      today: this.loaded.today,
    });
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
        periodStart: period.startDate,
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
): PayPeriodDates[] {
  const periods: PayPeriodDates[] = [];
  let period = payPeriodOf(schedule, start);
  if (period.startDate < start) period = payPeriodOf(schedule, addDays(period.endDate, 1));
  while (period.endDate <= end) {
    periods.push(period);
    period = payPeriodOf(schedule, addDays(period.endDate, 1));
  }
  return periods;
}

// --- Wording ---

export type Worded = {
  rule: ComplianceBreach["rule"];
  date: LocalDate;
  detail: string;
  fix: string;
  shiftIds: string[];
};

export function word(breach: Breach, a: Assessment): Worded {
  const { zone } = a.loaded;
  const at = (id: string, end: boolean) => {
    const s = a.session(id);
    const instant = end ? (s?.checkOut ?? a.loaded.now) : (s?.checkIn ?? 0);
    return `${formatDateAt(instant, zone)} ${formatTimeAt(instant, zone)}`;
  };
  switch (breach.rule) {
    case "rest_break": {
      const young = breach.requiredMinutes === WTR_RULES.young.breakMinutes;
      return {
        rule: breach.rule,
        date: breach.date,
        shiftIds: breach.shiftIds,
        detail:
          `Worked ${minutesLabel(breach.workedMinutes)} on ${formatDate(breach.date)} with no uninterrupted ` +
          `break of ${breach.requiredMinutes} minutes (the longest was ${breach.longestBreakMinutes} minutes).`,
        fix:
          `Give an uninterrupted ${breach.requiredMinutes}-minute break during any day of more than ` +
          `${young ? "4.5" : "6"} hours' work, away from the workstation and not at the start or end of the day.`,
      };
    }
    case "daily_rest": {
      const [first, second] = breach.shiftIds;
      return {
        rule: breach.rule,
        date: localDateOf(a.session(second)?.checkIn ?? 0, zone),
        shiftIds: breach.shiftIds,
        detail:
          `Rested ${minutesLabel(breach.restMinutes)} between the shift ending ${at(first, true)} and the ` +
          `one starting ${at(second, false)}; at least ${breach.requiredMinutes / 60} hours' rest is required in each 24-hour period.`,
        fix:
          `Leave at least ${breach.requiredMinutes / 60} hours between the end of one shift and the start of ` +
          "the next, or give equivalent compensatory rest where an exception or agreement allows.",
      };
    }
    case "weekly_rest":
      return {
        rule: breach.rule,
        date: breach.weekStart,
        shiftIds: breach.shiftIds,
        detail:
          `The longest rest in the week beginning ${formatDate(breach.weekStart)} was ` +
          `${minutesLabel(breach.longestRestMinutes)}; ${breach.requiredMinutes / 60} hours are required.`,
        fix:
          breach.requiredMinutes === 48 * 60
            ? "Give a worker under 18 two consecutive days off every week."
            : "Give at least one whole day (24 hours) off each week, or two days off (or 48 hours) in a fortnight.",
      };
    case "young_daily_limit":
      return {
        rule: breach.rule,
        date: breach.date,
        shiftIds: breach.shiftIds,
        detail: `Worked ${minutesLabel(breach.workedMinutes)} on ${formatDate(breach.date)}; a worker under 18 may work at most 8 hours a day.`,
        fix: "End a young worker's day at 8 hours: no averaging or opt-out applies to them.",
      };
    case "young_weekly_limit":
      return {
        rule: breach.rule,
        date: breach.weekStart,
        shiftIds: breach.shiftIds,
        detail: `Worked ${minutesLabel(breach.workedMinutes)} in the week beginning ${formatDate(breach.weekStart)}; a worker under 18 may work at most 40 hours a week.`,
        fix: "Plan a young worker's week to at most 40 hours: no averaging or opt-out applies to them.",
      };
  }
}

/**
 * "the reference period 03/08/2026 to 22/11/2026", or for a new starter "the 26 days since they started,
 * 28/10/2026 to 22/11/2026": the weeks the average was taken over.
 */
export function referencePeriodText(average: ReturnType<Assessment["average"]>): string {
  const range = `${formatDate(average.referenceStart)} to ${formatDate(average.referenceEnd)}`;
  if (!average.sinceStart) return `the reference period ${range}`;
  const days = average.referenceDays;
  const under = days < 7 ? " (fewer than 7 days count as one week)" : "";
  if (days === 1) return `their first day, ${formatDate(average.referenceStart)}${under}`;
  return `the ${days} days since they started, ${range}${under}`;
}

export function wordAverage(average: ReturnType<Assessment["average"]>, weekStart: LocalDate): Worded {
  return {
    rule: "average_week",
    date: weekStart,
    shiftIds: [],
    detail:
      `Averaged ${minutesLabel(average.averageMinutes)} a week over ${referencePeriodText(average)}, above ` +
      "the 48-hour limit, with no written opt-out in force.",
    fix:
      "Reduce their hours over the coming weeks so the average comes down, or ask whether they wish to sign a " +
      "written opt-out (they may refuse without detriment, and may withdraw it).",
  };
}

export function wordShortfall(s: Awaited<ReturnType<Assessment["shortfalls"]>>[number]): Worded {
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  return {
    rule: "minimum_wage",
    date: s.period.startDate,
    shiftIds: [],
    detail:
      `Pay of ${pounds(s.paidPence)} for ${minutesLabel(s.workedMinutes)} worked in the pay period ` +
      `${formatDate(s.period.startDate)} to ${formatDate(s.period.endDate)} is ${pounds(s.shortfallPence)} ` +
      `below the minimum of ${pounds(s.pencePerHour)} an hour.`,
    fix:
      "Pay the shortfall as arrears, and check unpaid break deductions and rounding against the time actually " +
      "worked; raise the hourly rate if it is below the minimum for their age.",
  };
}
