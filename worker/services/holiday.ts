import type { HolidayBalancesResponse } from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { Db } from "../db/client";
import { accountHolidayOf } from "../db/holiday-settings";
import { readPayRules, scheduleOf } from "../db/pay-rules";
import { holidayBalance } from "../domain/holiday-accrual";
import { holidayRuleFor } from "../domain/holiday-year";
import { leaveYearContaining } from "../domain/leave-year";
import { safeTimeZone } from "../domain/local-time";
import { payPeriodOf } from "../domain/pay-periods";
import { addDays, type LocalDate, localDateOf } from "../domain/time-zone";
import { employmentOf, firstWorkedDays, holidayHistoryStart, leaveYearFor } from "./holiday-years";
import { daysOf, loadRange, payPeriodsWithin } from "./working-time-checks";

// Holiday for irregular-hours and part-year workers (docs/compliance.md): 12.07% of the hours of each ended pay period
// of their leave year, pay period by pay period. Every worker's balance, whatever their rule: worker-holiday.ts.

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
  const date = asOf ?? today;
  const [rules, account] = await Promise.all([
    readPayRules(db, location.id),
    accountHolidayOf(db, location.id),
  ]);
  const accountYear =
    account.leave_year_start === null ? null : leaveYearContaining(account.leave_year_start, date);
  const answer: HolidayBalancesResponse = {
    leave_year_start: accountYear?.startDate ?? null,
    leave_year_end: accountYear?.endDate ?? null,
    employees: [],
  };
  // Each worker's leave year is the account's, or their own from their start date (worker/domain/leave-year.ts).
  const northernIreland = rules.bank_holiday_region === "northern-ireland";
  const from = await holidayHistoryStart(db, location, account, date);
  const loaded = await loadRange(env, db, location, { startDate: from, endDate: date }, now);
  const days = await daysOf(loaded);
  const firstWorked = firstWorkedDays(days);
  for (const person of loaded.staff) {
    if (!person.pay?.irregular_hours || person.deleted) continue;
    const year = leaveYearFor(
      account,
      employmentOf(person.joined, person.pay, firstWorked.get(person.id) ?? null),
      date,
    );
    // Northern Ireland's regulations have no 12.07% accrual: those workers have 5.6 weeks (worker-holiday.ts).
    const rule = holidayRuleFor({ irregularHours: true, northernIreland, leaveYearStart: year.startDate });
    if (rule !== "accrual") continue;
    const first = payPeriodOf(scheduleOf(rules), year.startDate);
    const lastDay = year.endDate < today ? year.endDate : addDays(today, -1);
    const periods = payPeriodsWithin(scheduleOf(rules), first.startDate, lastDay).filter(
      (p) => p.endDate >= year.startDate,
    );
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
      leave_year_start: year.startDate,
      leave_year_end: year.endDate,
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
