import { eq } from "drizzle-orm";
import {
  type AverageWeek,
  type ComplianceBreach,
  type ComplianceEmployee,
  type ComplianceLight,
  type ComplianceResponse,
  type ComplianceShift,
  type EvidenceEmployee,
  type EvidencePack,
  type HolidayBalancesResponse,
  RULE_NAMES,
  RULE_SOURCES,
} from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { EmployeePay } from "../contracts/pay";
import type { UserRow } from "../db/accounts";
import type { Db } from "../db/client";
import { statusPeriodsTouching } from "../db/leave-history";
import { readLocationSettings } from "../db/location-settings";
import { employeePayAt, overtimeRulesOf, payTermsOf, readPayRules, scheduleOf } from "../db/pay-rules";
import { employees } from "../db/schema";
import { isBankHoliday } from "../domain/bank-holidays";
import { writeCsv } from "../domain/csv";
import { holidayBalance } from "../domain/holiday-accrual";
import type { HoursSession } from "../domain/hours";
import { datesWithStatus } from "../domain/leave";
import { eighteenthBirthday } from "../domain/live-status";
import { formatDuration, safeTimeZone } from "../domain/local-time";
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
  dailyRestBreaches,
  type OptOut,
  restBreakBreaches,
  type Shift,
  WTR_RULES,
  weeklyRestBreaches,
  workerKindOn,
  youngWorkerLimitBreaches,
} from "../domain/working-time";
import { hubFor } from "../lib/hub";
import { staffHoursOf } from "./staff-hours";

// The working-time, minimum-wage and holiday checks (issue 18) run on a location's corrected hours: what the
// rules in worker/domain find, worded for a manager (what happened, in the location's time, and how to fix
// it), for the Compliance view, the evidence pack and the assistant alike.

/** The 48-hour average's reference period (WTR reg 4(3)(b)). */
export const REFERENCE_WEEKS = 17;
/** An average this close to 48 hours turns the light amber. */
const AMBER_AVERAGE_MINUTES = 44 * 60;
/** Leave that the 48-hour average leaves out and makes up from the days after (WTR reg 4(7)). */
const EXCLUDED_STATUSES = ["holiday", "sick_leave", "parental_leave"] as const;

export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - weekdayOf(date));

type Person = { id: string; name: string; joined: LocalDate; deleted: boolean; pay: EmployeePay | undefined };

/** What the checks need of a location over a range of local dates: one read of the hub, four of D1. */
async function loadRange(
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
    statusPeriodsTouching(db, location.id, { startDate: range.start, endDate: range.end }),
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
    leave: datesWithStatus(statuses, range_, today, EXCLUDED_STATUSES),
    holiday: datesWithStatus(statuses, range_, today, ["holiday"]),
    hours: () => staffHoursOf(env, db, location, bounds, now, sessions),
  };
}

type Loaded = Awaited<ReturnType<typeof loadRange>>;

const shiftOf = (session: HoursSession, now: number): Shift => ({
  id: session.id,
  start: session.checkIn,
  end: session.checkOut ?? now,
  breaks: (session.breaks ?? []).map((b) => ({ start: b.start, end: b.end ?? now })),
});

const optOutsOf = (pay: EmployeePay | undefined): OptOut[] =>
  pay?.opt_out_signed ? [{ signed: pay.opt_out_signed, withdrawn: pay.opt_out_withdrawn }] : [];

const minutesLabel = (minutes: number) => formatDuration(minutes * MINUTE_MS);

/** One employee's findings over the loaded range. */
class Assessment {
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

  /** The 17-week average ending on `weekEnd` (a Sunday). */
  average(weekEnd: LocalDate) {
    return averageWeeklyHours({
      shifts: this.shifts,
      timeZone: this.loaded.zone,
      referenceEnd: weekEnd,
      // Added to Clocked, or the first shift on record if that is earlier (staff who worked before sign-up).
      employmentStart:
        [this.person.joined, ...this.shifts.map((s) => localDateOf(s.start, this.loaded.zone))].sort()[0] ??
        null,
      excludedDays: this.loaded.leave.get(this.person.id) ?? new Set(),
      optOuts: optOutsOf(this.person.pay),
      weeks: REFERENCE_WEEKS,
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

type DaysByEmployee = Map<
  string,
  { date: LocalDate; workedMinutes: number; breakMinutes: number; atWorkMinutes: number }[]
>;

async function daysOf(loaded: Loaded): Promise<DaysByEmployee> {
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
function payPeriodsWithin(
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

type Worded = {
  rule: ComplianceBreach["rule"];
  date: LocalDate;
  detail: string;
  fix: string;
  shiftIds: string[];
};

function word(breach: Breach, a: Assessment): Worded {
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

function wordAverage(average: ReturnType<Assessment["average"]>, weekStart: LocalDate): Worded {
  return {
    rule: "average_week",
    date: weekStart,
    shiftIds: [],
    detail:
      `Averaged ${minutesLabel(average.averageMinutes)} a week over the reference period ` +
      `${formatDate(average.referenceStart)} to ${formatDate(average.referenceEnd)}, above the 48-hour ` +
      "limit, with no written opt-out in force.",
    fix:
      "Reduce their hours over the coming weeks so the average comes down, or ask whether they wish to sign a " +
      "written opt-out (they may refuse without detriment, and may withdraw it).",
  };
}

function wordShortfall(s: Awaited<ReturnType<Assessment["shortfalls"]>>[number]): Worded {
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

// --- The Compliance view ---

const lightOf = (breaches: readonly ComplianceBreach[], average: AverageWeek): ComplianceLight => {
  if (breaches.some((b) => b.this_week)) return "red";
  if (breaches.length > 0) return "amber";
  return !average.opted_out && average.average_minutes >= AMBER_AVERAGE_MINUTES ? "amber" : "green";
};

const worst = (lights: readonly ComplianceLight[]): ComplianceLight =>
  lights.includes("red") ? "red" : lights.includes("amber") ? "amber" : "green";

const toShift = (session: HoursSession, shift: Shift): ComplianceShift => ({
  id: session.id,
  check_in_at: new Date(session.checkIn).toISOString(),
  check_out_at: session.checkOut === null ? null : new Date(session.checkOut).toISOString(),
  breaks: (session.breaks ?? []).map((b) => ({
    start_at: new Date(b.start).toISOString(),
    end_at: b.end === null ? null : new Date(b.end).toISOString(),
  })),
  worked_minutes: Math.floor(
    (shift.end - shift.start - shift.breaks.reduce((sum, b) => sum + b.end - b.start, 0)) / MINUTE_MS,
  ),
});

/** Everything one employee broke in [start, end], worded, with the average at `weekEnd`. */
async function findings(a: Assessment, start: LocalDate, end: LocalDate, days: DaysByEmployee) {
  const weekStart = addDays(end, -6);
  const average = a.average(end);
  const worded = [
    ...a.breaches(start, end).map((b) => word(b, a)),
    ...(average.breach && !a.youngOn(weekStart) ? [wordAverage(average, weekStart)] : []),
    ...(await a.shortfalls(start, end, days)).map(wordShortfall),
  ];
  return { average, worded };
}

/**
 * A week's findings (a Monday), with those of the 17-week reference period ending with it: everyone on the
 * staff, and anyone deleted since who worked in it.
 */
export async function complianceReport(
  env: Env,
  db: Db,
  location: Location,
  weekStart: LocalDate,
  now: number,
): Promise<ComplianceResponse> {
  const weekEnd = addDays(weekStart, 6);
  const start = addDays(weekStart, -7 * (REFERENCE_WEEKS - 1));
  // From the day before (a rest across the start), to the days after the period that make up leave.
  const loaded = await loadRange(
    env,
    db,
    location,
    { start: addDays(start, -1), end: addDays(weekEnd, 7 * REFERENCE_WEEKS) },
    now,
  );
  const days = await daysOf(loaded);
  const people: ComplianceEmployee[] = [];
  for (const person of loaded.staff) {
    const a = new Assessment(person, loaded);
    const { average, worded } = await findings(a, start, weekEnd, days);
    const breaches: ComplianceBreach[] = worded
      .map((w) => ({
        rule: w.rule,
        date: w.date,
        detail: w.detail,
        fix: w.fix,
        shift_ids: w.shiftIds,
        this_week: w.date >= weekStart && w.date <= weekEnd,
      }))
      .sort((x, y) => Number(y.this_week) - Number(x.this_week) || y.date.localeCompare(x.date));
    if (person.deleted && a.sessions.length === 0) continue;
    const cited = new Set(breaches.flatMap((b) => b.shift_ids));
    const averageWeek: AverageWeek = {
      reference_start: average.referenceStart,
      reference_end: average.referenceEnd,
      weeks: average.weeks.map((w) => ({ week_start: w.weekStart, worked_minutes: w.workedMinutes })),
      average_minutes: average.averageMinutes,
      limit_minutes: average.limitMinutes,
      opted_out: average.optedOut,
      provisional: average.provisional,
    };
    people.push({
      employee_id: person.id,
      name: person.name,
      young_worker: a.dateOfBirth !== null && (a.youngOn(weekStart) || a.youngOn(weekEnd)),
      light: lightOf(breaches, averageWeek),
      breaches,
      average: averageWeek,
      shifts: a.sessions
        .filter((s) => cited.has(s.id))
        .map((s) => toShift(s, shiftOf(s, now)))
        .sort((x, y) => x.check_in_at.localeCompare(y.check_in_at)),
    });
  }
  return {
    location_id: location.id,
    week_start: weekStart,
    week_end: weekEnd,
    light: worst(people.map((p) => p.light)),
    employees: people,
  };
}

// --- The evidence pack ---

const SOURCES = (session: HoursSession) =>
  session.origin?.added
    ? "Added by manager"
    : session.origin?.corrected
      ? "Corrected by manager"
      : session.origin?.autoClosed
        ? "Closed automatically"
        : "Kiosk";

/** Every shift, break, rest, weekly total, 17-week average, opt-out and breach of [from, to], written out. */
export async function evidencePack(
  env: Env,
  db: Db,
  user: Pick<UserRow, "name">,
  location: Location,
  range: { from: LocalDate; to: LocalDate },
  now: number,
): Promise<EvidencePack> {
  const firstMonday = mondayOf(range.from);
  const loaded = await loadRange(
    env,
    db,
    location,
    {
      start: addDays(firstMonday, -7 * (REFERENCE_WEEKS - 1) - 1),
      end: addDays(range.to, 7 * REFERENCE_WEEKS),
    },
    now,
  );
  const { zone } = loaded;
  const days = await daysOf(loaded);
  const time = (instant: number) => formatTimeAt(instant, zone);
  const people: EvidenceEmployee[] = [];
  for (const person of loaded.staff) {
    const a = new Assessment(person, loaded);
    const inRange = a.sessions.filter((s) => {
      const date = localDateOf(s.checkIn, zone);
      return date >= range.from && date <= range.to;
    });
    if (inRange.length === 0 && person.deleted) continue;
    const weeks = [];
    const breaches: Worded[] = a.breaches(range.from, range.to).map((b) => word(b, a));
    for (let monday = firstMonday; monday <= range.to; monday = addDays(monday, 7)) {
      const average = a.average(addDays(monday, 6));
      const week = average.weeks.at(-1);
      weeks.push({
        week_start: formatDate(monday),
        worked: minutesLabel(week?.weekStart === monday ? week.workedMinutes : 0),
        average: `${minutesLabel(average.averageMinutes)}${average.optedOut ? " (opted out)" : ""}${average.provisional ? " (provisional)" : ""}`,
      });
      if (average.breach && !a.youngOn(monday)) breaches.push(wordAverage(average, monday));
    }
    breaches.push(...(await a.shortfalls(range.from, range.to, days)).map(wordShortfall));
    const ordered = [...a.sessions].sort((x, y) => x.checkIn - y.checkIn);
    const shifts = inRange.map((s) => {
      const previous = ordered.filter((o) => o.checkIn < s.checkIn && o.checkOut !== null).at(-1);
      const shift = shiftOf(s, now);
      return {
        date: formatDateAt(s.checkIn, zone),
        check_in: time(s.checkIn),
        check_out:
          s.checkOut === null
            ? "Open"
            : localDateOf(s.checkOut, zone) === localDateOf(s.checkIn, zone)
              ? time(s.checkOut)
              : `${formatDateAt(s.checkOut, zone).slice(0, 5)} ${time(s.checkOut)}`,
        breaks:
          (s.breaks ?? [])
            .map((b) => `${time(b.start)}–${b.end === null ? "open" : time(b.end)}`)
            .join(", ") || "None",
        worked: minutesLabel(toShift(s, shift).worked_minutes),
        rest_before: previous?.checkOut ? formatDuration(s.checkIn - previous.checkOut) : "",
        source: SOURCES(s),
      };
    });
    const pay = person.pay;
    const born = a.dateOfBirth;
    people.push({
      name: person.name,
      payroll_id: pay?.payroll_id ?? "",
      young_worker:
        born !== null && (a.youngOn(range.from) || a.youngOn(range.to))
          ? `Young worker (under 18) until ${formatDate(addDays(eighteenthBirthday(born), -1))}`
          : "",
      opt_out: !pay?.opt_out_signed
        ? "No opt-out"
        : `Opted out ${formatDate(pay.opt_out_signed)}${pay.opt_out_withdrawn ? `, withdrawn ${formatDate(pay.opt_out_withdrawn)}` : ""}`,
      shifts,
      weeks,
      breaches: breaches
        .sort((x, y) => x.date.localeCompare(y.date))
        .map((b) => ({
          date: formatDate(b.date),
          rule: RULE_NAMES[b.rule],
          source: RULE_SOURCES[b.rule],
          detail: b.detail,
        })),
    });
  }
  return {
    business_name: user.name,
    location_name: location.name,
    time_zone: zone,
    from: formatDate(range.from),
    to: formatDate(range.to),
    generated_at: `${formatDateAt(now, zone)} ${formatTimeAt(now, zone)}`,
    employees: people,
  };
}

/** The evidence pack as one CSV: a row per shift, week and breach, each saying what it is. */
export function evidenceCsv(pack: EvidencePack): string {
  const header = [
    "Employee",
    "Payroll ID",
    "Record",
    "Date",
    "Check-in",
    "Check-out",
    "Breaks",
    "Worked",
    "Rest before",
    "Source",
    "17-week average",
    "Rule",
    "Detail",
  ];
  const rows = pack.employees.flatMap((e) => {
    const who = [e.name, e.payroll_id];
    return [
      [...who, "Opt-out", "", "", "", "", "", "", "", "", "", e.opt_out],
      ...(e.young_worker
        ? [[...who, "Young worker", "", "", "", "", "", "", "", "", "", e.young_worker]]
        : []),
      ...e.shifts.map((s) => [
        ...who,
        "Shift",
        s.date,
        s.check_in,
        s.check_out,
        s.breaks,
        s.worked,
        s.rest_before,
        s.source,
        "",
        "",
        "",
      ]),
      ...e.weeks.map((w) => [...who, "Week", w.week_start, "", "", "", w.worked, "", "", w.average, "", ""]),
      ...e.breaches.map((b) => [
        ...who,
        "Breach",
        b.date,
        "",
        "",
        "",
        "",
        "",
        b.source,
        "",
        b.rule,
        b.detail,
      ]),
    ];
  });
  return writeCsv([header, ...rows]);
}

// --- Holiday for irregular-hours and part-year workers ---

/** The leave year holding `today`: 1 April to 31 March (the accrual method applies from 1 April 2024). */
export function leaveYearOf(today: LocalDate): { start: LocalDate; end: LocalDate } {
  const year = Number(today.slice(0, 4)) - (today.slice(5) < "04-01" ? 1 : 0);
  return { start: `${year}-04-01`, end: `${year + 1}-03-31` };
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * Each irregular-hours employee's holiday this leave year: 12.07% of the hours of each pay period that has
 * ended (accrued at its end), less the holiday days taken in it. A day of holiday counts as a fifth of their
 * contracted week when one is set, otherwise as the average of the days they worked in the leave year so far.
 */
export async function holidayBalances(
  env: Env,
  db: Db,
  location: Location,
  now: number,
  /** A day of the leave year wanted; today's by default. */
  asOf?: LocalDate,
): Promise<HolidayBalancesResponse> {
  const zone = safeTimeZone(location.timezone);
  const today = localDateOf(now, zone);
  const year = leaveYearOf(asOf ?? today);
  const rules = await readPayRules(db, location.id);
  const first = payPeriodOf(scheduleOf(rules), year.start);
  const lastDay = year.end < today ? year.end : addDays(today, -1);
  const periods = payPeriodsWithin(scheduleOf(rules), first.startDate, lastDay).filter(
    (p) => p.endDate >= year.start,
  );
  const answer: HolidayBalancesResponse = {
    leave_year_start: year.start,
    leave_year_end: year.end,
    employees: [],
  };
  const last = periods.at(-1);
  if (!last) return answer;
  const loaded = await loadRange(env, db, location, { start: first.startDate, end: last.endDate }, now);
  const days = await daysOf(loaded);
  for (const person of loaded.staff) {
    if (!person.pay?.irregular_hours || person.deleted) continue;
    const worked = days.get(person.id) ?? [];
    const holiday = loaded.holiday.get(person.id) ?? new Set<LocalDate>();
    const contracted = person.pay.contracted_weekly_hours;
    const workedDays = worked.filter((d) => d.workedMinutes > 0 && !holiday.has(d.date));
    const dayMinutes =
      contracted !== null
        ? (contracted * 60) / 5
        : workedDays.length === 0
          ? 0
          : workedDays.reduce((sum, d) => sum + d.workedMinutes, 0) / workedDays.length;
    const balance = holidayBalance(
      periods.map((p) => {
        const inPeriod = (date: LocalDate) => date >= p.startDate && date <= p.endDate;
        return {
          key: `pay_${p.startDate}`,
          startDate: p.startDate,
          endDate: p.endDate,
          workedMinutes: worked.filter((d) => inPeriod(d.date)).reduce((sum, d) => sum + d.workedMinutes, 0),
          takenMinutes: Math.round([...holiday].filter(inPeriod).length * dayMinutes),
        };
      }),
    );
    answer.employees.push({
      employee_id: person.id,
      name: person.name,
      accrued_hours: hoursOf(balance.periods.reduce((sum, p) => sum + p.accruedMinutes, 0)),
      taken_hours: hoursOf(balance.periods.reduce((sum, p) => sum + p.takenMinutes, 0)),
      balance_hours: hoursOf(balance.balanceMinutes),
      periods: balance.periods.map((p) => ({
        key: p.key,
        start_date: p.startDate,
        end_date: p.endDate,
        worked_hours: hoursOf(p.workedMinutes),
        accrued_hours: hoursOf(p.accruedMinutes),
        taken_hours: hoursOf(p.takenMinutes),
        balance_hours: hoursOf(p.balanceMinutes),
      })),
    });
  }
  return answer;
}
