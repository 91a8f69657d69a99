import type { PayCodes, PayRules } from "../contracts/pay";
import type { Db } from "../db/client";
import { employeePayAt, overtimeRulesOf, payTermsOf, readPayRules } from "../db/pay-rules";
import { isBankHoliday } from "../domain/bank-holidays";
import { type PaySummary, payElements } from "../domain/pay-elements";
import type { Period } from "../domain/periods";
import type { StaffHours } from "../domain/staff-hours-rows";
import { isListed } from "../domain/staff-hours-rows";
import type { LocalDate } from "../domain/time-zone";
import { staffHoursOf } from "./staff-hours";

// A pay period's pay, per employee: the corrected hours of the period (the hours engine, day by day), split
// into pay elements by the location's rules and each employee's terms. What the payroll exports write.

export type PayrollLine = {
  employeeId: string;
  firstName: string;
  lastName: string;
  payrollId: string | null;
  hourlyRatePence: number | null;
  /** Irregular-hours or part-year worker (docs/compliance.md). */
  irregularHours: boolean;
  /** The day employment began as recorded with the pay terms (a worker's own leave year runs from it). */
  employmentStart: LocalDate | null;
  summary: PaySummary;
};

export type PayrollRun = { rules: PayRules; codes: PayCodes; employees: PayrollLine[] };

export async function payrollRun(
  env: Env,
  db: Db,
  location: { id: string; timezone: string },
  period: Period,
  now: number,
  staff?: readonly StaffHours[],
): Promise<PayrollRun> {
  const [rules, terms, hours] = await Promise.all([
    readPayRules(db, location.id),
    employeePayAt(db, location.id),
    staff ?? staffHoursOf(env, db, location, period, now),
  ]);
  const overtime = overtimeRulesOf(rules);
  const bankHoliday = (date: string) => isBankHoliday(rules.bank_holiday_region, date);
  const employees = hours.filter(isListed).map(({ member, hours: worked }): PayrollLine => {
    const pay = terms.get(member.id);
    const payTerms = pay ? payTermsOf(pay) : { contractedWeeklyMinutes: null, hourlyRatePence: null };
    return {
      employeeId: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      payrollId: pay?.payroll_id ?? null,
      hourlyRatePence: payTerms.hourlyRatePence,
      irregularHours: pay?.irregular_hours ?? false,
      employmentStart: pay?.employment_start_date ?? null,
      summary: payElements(
        worked.days.map((day) => ({
          date: day.date,
          workedMinutes: day.workedMinutes,
          breakMinutes: day.breakMinutes,
        })),
        overtime,
        payTerms,
        bankHoliday,
      ),
    };
  });
  return { rules, codes: rules.pay_codes, employees };
}
