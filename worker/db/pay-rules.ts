import { and, eq } from "drizzle-orm";
import {
  ACCOMMODATION_TOGETHER,
  APPRENTICESHIP_BEFORE_BIRTH,
  BANK_HOLIDAY_REGIONS,
  type BankHolidayRegion,
  DATE_OF_BIRTH_RANGE,
  DEFAULT_PAY_CODES,
  DEFAULT_PAY_RULES,
  EMPLOYMENT_ENDS_BEFORE_START,
  type EmployeePay,
  type EmployeePayRequest,
  type PayCodes,
  type PayRules,
  type PayRulesRequest,
  WITHDRAWN_BEFORE_SIGNED,
  WITHDRAWN_WITHOUT_SIGNED,
  YOUNG_WORKER_OPT_OUT,
} from "../contracts/pay";
import { ageOn } from "../domain/minimum-wage";
import { type OvertimeRules, type PayTerms, PREMIUM_DAYS, type PremiumDays } from "../domain/pay-elements";
import { PAY_FREQUENCIES, type PayFrequency, type PaySchedule } from "../domain/pay-periods";
import { workerKindOn } from "../domain/working-time";
import { type Actor, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { employeePay, payRules } from "./schema";

// A location's pay rules and its employees' pay terms (docs/payroll-exports.md), with the audit row of every change.

type PayRulesRow = typeof payRules.$inferSelect;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;
const hours = (minutes: number | null) => (minutes === null ? null : minutes / 60);
const minutes = (hoursValue: number | null) => (hoursValue === null ? null : Math.round(hoursValue * 60));

/** A saved pay codes JSON, the defaults filled in for any element it lacks. */
export function parseCodes(json: string | null): PayCodes {
  if (!json) return DEFAULT_PAY_CODES;
  try {
    return { ...DEFAULT_PAY_CODES, ...(JSON.parse(json) as Partial<PayCodes>) };
  } catch {
    return DEFAULT_PAY_CODES;
  }
}

function toPayRules(locationId: string, row: PayRulesRow | undefined): PayRules {
  if (!row) return { location_id: locationId, ...DEFAULT_PAY_RULES, updated_at: null };
  const rounding = row.roundingMinutes;
  return {
    location_id: locationId,
    pay_frequency: oneOf<PayFrequency>(PAY_FREQUENCIES, row.payFrequency, "weekly"),
    pay_anchor_date: row.payAnchorDate,
    daily_overtime_after_hours: hours(row.dailyOvertimeAfterMinutes),
    weekly_overtime_after_hours: hours(row.weeklyOvertimeAfterMinutes),
    overtime_multiplier: row.overtimeMultiplier,
    premium_days: oneOf<PremiumDays>(PREMIUM_DAYS, row.premiumDays, "none"),
    premium_multiplier: row.premiumMultiplier,
    bank_holiday_region: oneOf<BankHolidayRegion>(
      BANK_HOLIDAY_REGIONS,
      row.bankHolidayRegion,
      "england-and-wales",
    ),
    rounding_minutes: rounding === 1 || rounding === 5 || rounding === 15 ? rounding : null,
    pay_codes: parseCodes(row.payCodes),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export async function readPayRules(db: Db, locationId: string): Promise<PayRules> {
  return toPayRules(
    locationId,
    await db.query.payRules.findFirst({ where: eq(payRules.locationId, locationId) }),
  );
}

/** The location's pay schedule: weekly from Monday until its manager saves another. */
export async function readPaySchedule(db: Db, locationId: string): Promise<PaySchedule> {
  return scheduleOf(await readPayRules(db, locationId));
}

export const scheduleOf = (rules: PayRules): PaySchedule => ({
  frequency: rules.pay_frequency,
  anchorDate: rules.pay_anchor_date,
});

export const overtimeRulesOf = (rules: PayRules): OvertimeRules => ({
  dailyAfterMinutes: minutes(rules.daily_overtime_after_hours),
  weeklyAfterMinutes: minutes(rules.weekly_overtime_after_hours),
  overtimeMultiplier: rules.overtime_multiplier,
  premiumDays: rules.premium_days,
  premiumMultiplier: rules.premium_multiplier,
  roundingMinutes: rules.rounding_minutes,
});

/** Saves the rules (fields left out keep their value) and the audit row together. */
export async function savePayRules(
  db: Db,
  userId: string,
  actor: Actor,
  locationId: string,
  input: PayRulesRequest,
) {
  const before = await readPayRules(db, locationId);
  const { location_id: _, updated_at: __, ...kept } = before;
  const after = { ...kept, ...stripUndefined(input) };
  const now = Date.now();
  const values = {
    payFrequency: after.pay_frequency,
    payAnchorDate: after.pay_anchor_date,
    dailyOvertimeAfterMinutes: minutes(after.daily_overtime_after_hours),
    weeklyOvertimeAfterMinutes: minutes(after.weekly_overtime_after_hours),
    overtimeMultiplier: after.overtime_multiplier,
    premiumDays: after.premium_days,
    premiumMultiplier: after.premium_multiplier,
    bankHolidayRegion: after.bank_holiday_region,
    roundingMinutes: after.rounding_minutes,
    payCodes: JSON.stringify(after.pay_codes),
    updatedAt: now,
  };
  await runBatch(db, [
    db
      .insert(payRules)
      .values({ locationId, ...values })
      .onConflictDoUpdate({ target: payRules.locationId, set: values }),
    auditStatement(
      {
        userId,
        actor,
        locationId,
        entity: "location",
        entityId: locationId,
        action: "pay_rules_updated",
        before: kept,
        after,
      },
      undefined,
      now,
    ),
  ]);
  return readPayRules(db, locationId);
}

const stripUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

// --- Employees' pay terms ---

/** The working-time fields together: an opt-out needs its signing date, and a young worker cannot sign one. */
function workingTimeProblem(terms: Omit<EmployeePay, "employee_id">): string | null {
  const { date_of_birth: born, opt_out_signed: signed, opt_out_withdrawn: withdrawn } = terms;
  if (born !== null) {
    const age = ageOn(born, new Date().toISOString().slice(0, 10));
    if (age < 13 || age > 100) return DATE_OF_BIRTH_RANGE;
  }
  if (withdrawn !== null && signed === null) return WITHDRAWN_WITHOUT_SIGNED;
  if (withdrawn !== null && signed !== null && withdrawn < signed) return WITHDRAWN_BEFORE_SIGNED;
  if (signed !== null && born !== null && workerKindOn(born, signed) === "young") return YOUNG_WORKER_OPT_OUT;
  const { employment_start_date: started, employment_end_date: ended } = terms;
  if (started !== null && ended !== null && ended < started) return EMPLOYMENT_ENDS_BEFORE_START;
  return null;
}

/** The minimum-wage fields together: accommodation needs both its days and its charge. */
function minimumWageProblem(terms: Omit<EmployeePay, "employee_id">): string | null {
  const { accommodation_days_per_week: days, accommodation_weekly_charge: charge } = terms;
  if ((days === null) !== (charge === null)) return ACCOMMODATION_TOGETHER;
  const { apprenticeship_start: started, date_of_birth: born } = terms;
  if (started !== null && born !== null && started < born) return APPRENTICESHIP_BEFORE_BIRTH;
  return null;
}

type EmployeePayRow = typeof employeePay.$inferSelect;

const toEmployeePay = (employeeId: string, row: EmployeePayRow | undefined): EmployeePay => ({
  employee_id: employeeId,
  payroll_id: row?.payrollId ?? null,
  contracted_weekly_hours: hours(row?.contractedWeeklyMinutes ?? null),
  hourly_rate: row?.hourlyRatePence == null ? null : row.hourlyRatePence / 100,
  date_of_birth: row?.dateOfBirth ?? null,
  irregular_hours: row?.irregularHours ?? false,
  opt_out_signed: row?.optOutSigned ?? null,
  opt_out_withdrawn: row?.optOutWithdrawn ?? null,
  apprenticeship_start: row?.apprenticeshipStart ?? null,
  accommodation_days_per_week: row?.accommodationDaysPerWeek ?? null,
  accommodation_weekly_charge:
    row?.accommodationWeeklyChargePence == null ? null : row.accommodationWeeklyChargePence / 100,
  employment_start_date: row?.employmentStartDate ?? null,
  employment_end_date: row?.employmentEndDate ?? null,
  working_days_per_week: row?.workingDaysPerWeek ?? null,
});

export const payTermsOf = (pay: EmployeePay): PayTerms => ({
  contractedWeeklyMinutes: minutes(pay.contracted_weekly_hours),
  hourlyRatePence: pay.hourly_rate === null ? null : Math.round(pay.hourly_rate * 100),
});

/** Every employee's pay terms at a location that has any set, by employee. */
export async function employeePayAt(db: Db, locationId: string): Promise<Map<string, EmployeePay>> {
  const rows = await db.select().from(employeePay).where(eq(employeePay.locationId, locationId));
  return new Map(rows.map((row) => [row.employeeId, toEmployeePay(row.employeeId, row)]));
}

export async function readEmployeePay(db: Db, employeeId: string): Promise<EmployeePay> {
  const row = await db.query.employeePay.findFirst({ where: eq(employeePay.employeeId, employeeId) });
  return toEmployeePay(employeeId, row);
}

/**
 * What saving pay terms came to: saved, refused because another employee here has the payroll ID, or
 * refused because the terms do not make sense together (`detail` says why, in the API's words).
 */
export type SaveEmployeePayOutcome =
  | { kind: "saved"; pay: EmployeePay }
  | { kind: "payroll_id_taken" }
  | { kind: "invalid"; detail: string };

/** Saves an employee's pay terms with their audit row, or answers why not. */
export async function saveEmployeePay(
  db: Db,
  userId: string,
  actor: Actor,
  employee: { id: string; locationId: string },
  input: EmployeePayRequest,
): Promise<SaveEmployeePayOutcome> {
  if (input.payroll_id !== null) {
    const taken = await db.query.employeePay.findFirst({
      where: and(
        eq(employeePay.locationId, employee.locationId),
        eq(employeePay.payrollId, input.payroll_id),
      ),
    });
    if (taken && taken.employeeId !== employee.id) return { kind: "payroll_id_taken" };
  }
  const before = await readEmployeePay(db, employee.id);
  const { employee_id: _, ...beforeTerms } = before;
  const after = { ...beforeTerms, ...stripUndefined(input) };
  const problem = workingTimeProblem(after) ?? minimumWageProblem(after);
  if (problem) return { kind: "invalid", detail: problem };
  const now = Date.now();
  const values = {
    payrollId: after.payroll_id,
    contractedWeeklyMinutes: minutes(after.contracted_weekly_hours),
    hourlyRatePence: after.hourly_rate === null ? null : Math.round(after.hourly_rate * 100),
    dateOfBirth: after.date_of_birth,
    irregularHours: after.irregular_hours,
    optOutSigned: after.opt_out_signed,
    optOutWithdrawn: after.opt_out_withdrawn,
    apprenticeshipStart: after.apprenticeship_start,
    accommodationDaysPerWeek: after.accommodation_days_per_week,
    accommodationWeeklyChargePence:
      after.accommodation_weekly_charge === null ? null : Math.round(after.accommodation_weekly_charge * 100),
    employmentStartDate: after.employment_start_date,
    employmentEndDate: after.employment_end_date,
    workingDaysPerWeek: after.working_days_per_week,
    updatedAt: now,
  };
  try {
    await runBatch(db, [
      db
        .insert(employeePay)
        .values({ employeeId: employee.id, locationId: employee.locationId, ...values })
        .onConflictDoUpdate({ target: employeePay.employeeId, set: values }),
      auditStatement(
        {
          userId,
          actor,
          locationId: employee.locationId,
          entity: "employee",
          entityId: employee.id,
          action: "pay_terms_updated",
          before: beforeTerms,
          after,
        },
        undefined,
        now,
      ),
    ]);
  } catch (error) {
    // Two saves racing for one payroll ID: the unique index decides.
    if (String(error).includes("UNIQUE")) return { kind: "payroll_id_taken" };
    throw error;
  }
  return { kind: "saved", pay: await readEmployeePay(db, employee.id) };
}
