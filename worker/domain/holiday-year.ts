import { irregularHoursApplies } from "./holiday-accrual";
import { entitlementFor, fullYearEntitlement, upToHalfDay, type WorkingWeek } from "./holiday-entitlement";
import type { DateRange } from "./ranges";
import { addDays, dayNumberOf, type LocalDate, weekdayOf } from "./time-zone";

// One worker's holiday for one leave year (docs/compliance.md, "Holiday for every worker"): which rule applies,
// and the balance: entitlement, accrued, carried over, taken, booked and remaining, in days or in hours.

/**
 * "accrual": 12.07% of the hours of each pay period (reg 15B, Great Britain, irregular-hours and part-year
 * workers, leave years from 1 April 2024). "pattern": 5.6 weeks of the worker's week, or of their average week:
 * every other worker, and every worker in Northern Ireland, whose regulations have no accrual method.
 */
export type HolidayRule = "accrual" | "pattern";

export function holidayRuleFor(input: {
  irregularHours: boolean;
  northernIreland: boolean;
  leaveYearStart: LocalDate;
}): HolidayRule {
  return input.irregularHours && !input.northernIreland && irregularHoursApplies(input.leaveYearStart)
    ? "accrual"
    : "pattern";
}

/**
 * Holiday days counted from the dates on holiday: in each week (Monday to Sunday) no more than the worker's
 * days a week (five when unknown), so a week booked Monday to Sunday is five days for a five-day week and three
 * for a three-day one.
 */
export function holidayDaysCounted(dates: Iterable<LocalDate>, daysPerWeek: number | null): number {
  const perWeek = new Map<number, number>();
  for (const date of dates) {
    const monday = dayNumberOf(date) - (weekdayOf(date) - 1);
    perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1);
  }
  const limit = Math.ceil(daysPerWeek ?? 5);
  let days = 0;
  for (const count of perWeek.values()) days += Math.min(count, limit);
  return days;
}

/**
 * How much of a pattern worker's holiday has accrued by `today` in their first year of employment (reg 15A: a
 * twelfth on the first day of each month of that year, a fraction of a day rounded up to a half day); after it,
 * all of it.
 */
export function firstYearAccrued(input: {
  employmentStart: LocalDate;
  today: LocalDate;
  fullYearDays: number;
  entitlementDays: number;
}): number {
  const [y, m, d] = input.employmentStart.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = input.today.split("-").map(Number) as [number, number, number];
  const monthsBegun = (ty - y) * 12 + (tm - m) + (td >= d ? 1 : 0);
  if (monthsBegun >= 12) return input.entitlementDays;
  return Math.min(input.entitlementDays, upToHalfDay((input.fullYearDays * Math.max(0, monthsBegun)) / 12));
}

export type HolidayYearInput = {
  rule: HolidayRule;
  year: DateRange;
  today: LocalDate;
  employmentStart: LocalDate;
  /** The worker's week: days and hours recorded, or for hours only their average week. */
  week: WorkingWeek;
  /** The share of the leave year they are employed in it (leave-year.ts). */
  share: number;
  /** "accrual" only: the holiday accrued by the pay periods ended so far, reg 15C included. */
  accruedMinutes: number;
  /** Days on holiday so far this leave year, and booked from tomorrow to its end (holidayDaysCounted). */
  takenDays: number;
  bookedDays: number;
  /** What a day of holiday is in minutes, for balances kept in hours. */
  dayMinutes: number;
  /** Carried over from the leave year before (holiday-carry-over.ts): days, or minutes for a balance in hours. */
  carriedOver: number;
};

export type HolidayYearBalance = {
  unit: "days" | "hours";
  /** The leave year's statutory holiday, pro rata; for "accrual", the 5.6-week cap; null: no week recorded. */
  entitlement: number | null;
  accrued: number | null;
  carriedOver: number;
  taken: number;
  booked: number;
  /** Carried over and accrued (or, for "pattern", the entitlement), less taken and booked. */
  remaining: number | null;
};

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The balance in days where a pattern worker's days a week are recorded, otherwise in hours. */
export function holidayYearBalance(input: HolidayYearInput): HolidayYearBalance {
  const inDays = input.rule === "pattern" && input.week.daysPerWeek !== null;
  const entitled = entitlementFor(input.week, input.share);
  const taken = inDays ? input.takenDays : hours(input.takenDays * input.dayMinutes);
  const booked = inDays ? input.bookedDays : hours(input.bookedDays * input.dayMinutes);
  const carried = inDays ? input.carriedOver : hours(input.carriedOver);
  let entitlement: number | null;
  let accrued: number | null;
  if (input.rule === "accrual") {
    entitlement = entitled.minutes === null ? null : hours(entitled.minutes);
    const capped =
      entitled.minutes === null ? input.accruedMinutes : Math.min(input.accruedMinutes, entitled.minutes);
    accrued = hours(capped);
  } else if (inDays) {
    entitlement = entitled.days;
    accrued =
      entitled.days === null
        ? null
        : firstYearAccrued({
            employmentStart: input.employmentStart,
            today: input.today,
            fullYearDays: fullYearEntitlement(input.week).days ?? 0,
            entitlementDays: entitled.days,
          });
  } else {
    entitlement = entitled.minutes === null ? null : hours(entitled.minutes);
    accrued = entitlement;
  }
  const available = input.rule === "accrual" ? accrued : entitlement;
  return {
    unit: inDays ? "days" : "hours",
    entitlement,
    accrued,
    carriedOver: carried,
    taken,
    booked,
    remaining: available === null ? null : Math.round((carried + available - taken - booked) * 100) / 100,
  };
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const dates: LocalDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
