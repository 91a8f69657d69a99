import {
  DEFAULT_PAY_RULES,
  PAY_ELEMENTS,
  type PayElement,
  PREMIUM_DAYS,
  type PremiumDays,
  ROUNDING_STEPS,
  type RoundingStep,
} from "../contracts/pay";
import { dayNumberOf, type LocalDate, weekdayOf } from "./time-zone";

// Pay elements (docs/payroll-exports.md): a pay period's worked time split into what payroll pays differently: basic hours,
// overtime (at the location's multiplier), premium-day hours (Sundays and/or bank holidays, at their own
// multiplier), and unpaid break. Pure: the worked minutes per day come from the hours engine (after breaks,
// corrections included); bank holidays from the caller.
//
// Rules, in order:
// 1. Rounding, when on, takes each day's worked minutes to the nearest 1, 5 or 15, but never below the exact
//    time worked that day: a day rounded down keeps its exact minutes (paid time is never less than worked).
// 2. A premium day's paid minutes are all premium; they are neither basic nor overtime.
// 3. Daily overtime: on other days, paid minutes beyond the daily limit (when the location sets one).
// 4. Weekly overtime: in each Monday-to-Sunday week of the period, the basic minutes beyond the weekly limit
//    become overtime, taken from the week's latest days first. An employee with contracted weekly hours gets
//    overtime only beyond their contract: the contract is their weekly limit and no daily limit applies.
// 5. Unpaid break: the day's break minutes (clocked or assumed), reported beside the paid elements.

export type OvertimeRules = {
  dailyAfterMinutes: number | null;
  weeklyAfterMinutes: number | null;
  /** Overtime is paid at the hourly rate times this (1.5: time and a half). */
  overtimeMultiplier: number;
  premiumDays: PremiumDays;
  premiumMultiplier: number;
  roundingMinutes: RoundingStep | null;
};

// The vocabulary is the API's (worker/contracts/pay.ts); re-exported for the domain's callers.
export { PAY_ELEMENTS, type PayElement, PREMIUM_DAYS, type PremiumDays, ROUNDING_STEPS, type RoundingStep };

/** A location's rules before it saves any: the API's defaults (worker/contracts/pay.ts's DEFAULT_PAY_RULES). */
export const DEFAULT_OVERTIME_RULES: OvertimeRules = {
  dailyAfterMinutes: null,
  weeklyAfterMinutes: null,
  overtimeMultiplier: DEFAULT_PAY_RULES.overtime_multiplier,
  premiumDays: DEFAULT_PAY_RULES.premium_days,
  premiumMultiplier: DEFAULT_PAY_RULES.premium_multiplier,
  roundingMinutes: null,
};

export type PayTerms = {
  /** Overtime only beyond these (replaces the location's limits for this employee). */
  contractedWeeklyMinutes: number | null;
  /** In pence; null: hours only, no amounts. */
  hourlyRatePence: number | null;
};

export type WorkedDay = { date: LocalDate; workedMinutes: number; breakMinutes: number };

export type PayDay = Record<PayElement, number> & {
  date: LocalDate;
  /** Minutes worked, exactly; paid minutes (basic + overtime + premium) are never fewer. */
  exactMinutes: number;
  paidMinutes: number;
};

export type PayLine = {
  element: PayElement;
  minutes: number;
  multiplier: number;
  amountPence: number | null;
};

export type PaySummary = {
  days: PayDay[];
  totals: Record<PayElement, number>;
  /** One line per element with time, in PAY_ELEMENTS order; amounts when the employee has a rate. */
  lines: PayLine[];
};

/** Rounds to the nearest step, never below the exact minutes. */
export function roundedMinutes(exact: number, step: RoundingStep | null): number {
  if (!step || step === 1) return exact;
  return Math.max(exact, Math.round(exact / step) * step);
}

/** Whether a date is a premium day under the rules (a Sunday, a bank holiday, or either). */
export function isPremiumDay(
  premiumDays: PremiumDays,
  date: LocalDate,
  isBankHoliday: (d: LocalDate) => boolean,
) {
  const sunday = weekdayOf(date) === 7;
  switch (premiumDays) {
    case "none":
      return false;
    case "sundays":
      return sunday;
    case "bank_holidays":
      return isBankHoliday(date);
    case "sundays_and_bank_holidays":
      return sunday || isBankHoliday(date);
  }
}

export function payElements(
  worked: readonly WorkedDay[],
  rules: OvertimeRules,
  terms: PayTerms,
  isBankHoliday: (date: LocalDate) => boolean = () => false,
): PaySummary {
  const days: PayDay[] = [...worked]
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((day) => {
      const exactMinutes = Math.max(0, Math.floor(day.workedMinutes));
      const paidMinutes = roundedMinutes(exactMinutes, rules.roundingMinutes);
      const premium = isPremiumDay(rules.premiumDays, day.date, isBankHoliday) ? paidMinutes : 0;
      return {
        date: day.date,
        exactMinutes,
        paidMinutes,
        premium,
        basic: paidMinutes - premium,
        overtime: 0,
        unpaid_break: Math.max(0, Math.floor(day.breakMinutes)),
      };
    });
  const contracted = terms.contractedWeeklyMinutes;
  const dailyLimit = contracted === null ? rules.dailyAfterMinutes : null;
  if (dailyLimit !== null) {
    for (const day of days) moveToOvertime(day, Math.max(0, day.basic - dailyLimit));
  }
  const weeklyLimit = contracted ?? rules.weeklyAfterMinutes;
  if (weeklyLimit !== null) {
    for (const week of byWeek(days)) {
      let beyond = Math.max(0, week.reduce((sum, day) => sum + day.basic, 0) - weeklyLimit);
      for (let i = week.length - 1; i >= 0 && beyond > 0; i--) {
        const day = week[i] as PayDay;
        const moved = Math.min(beyond, day.basic);
        moveToOvertime(day, moved);
        beyond -= moved;
      }
    }
  }
  const totals = { basic: 0, overtime: 0, premium: 0, unpaid_break: 0 };
  for (const day of days) for (const element of PAY_ELEMENTS) totals[element] += day[element];
  const multiplier: Record<PayElement, number> = {
    basic: 1,
    overtime: rules.overtimeMultiplier,
    premium: rules.premiumMultiplier,
    unpaid_break: 0,
  };
  const lines = PAY_ELEMENTS.filter((element) => totals[element] > 0).map((element) => ({
    element,
    minutes: totals[element],
    multiplier: multiplier[element],
    amountPence:
      terms.hourlyRatePence === null
        ? null
        : Math.round((totals[element] * terms.hourlyRatePence * multiplier[element]) / 60),
  }));
  return { days, totals, lines };
}

function moveToOvertime(day: PayDay, minutes: number) {
  day.basic -= minutes;
  day.overtime += minutes;
}

/** Days grouped by their Monday-to-Sunday week, in order. */
function byWeek(days: readonly PayDay[]): PayDay[][] {
  const weeks = new Map<number, PayDay[]>();
  for (const day of days) {
    const monday = dayNumberOf(day.date) - (weekdayOf(day.date) - 1);
    weeks.set(monday, [...(weeks.get(monday) ?? []), day]);
  }
  return [...weeks.values()];
}

/** "7.50": minutes as decimal hours with two places, as payroll imports read them. */
export const decimalHours = (minutes: number) => (minutes / 60).toFixed(2);
