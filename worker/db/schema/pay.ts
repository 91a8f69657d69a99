import { integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { locations } from "./locations";
import { employees } from "./staff";

// Pay: each location's pay rules and each employee's pay terms (docs/payroll-exports.md).

/** How a location pays: its pay schedule. A location without a row pays weekly from Monday. */
export const payRules = sqliteTable("pay_rules", {
  locationId: text("location_id")
    .primaryKey()
    .references(() => locations.id),
  /** weekly, fortnightly, four_weekly or monthly. */
  payFrequency: text("pay_frequency").notNull().default("weekly"),
  /** A period's first day (YYYY-MM-DD); monthly periods start on its day of the month. */
  payAnchorDate: text("pay_anchor_date").notNull().default("2025-09-01"),
  /** Overtime after this many minutes a day, and/or a week (null: no such limit). */
  dailyOvertimeAfterMinutes: integer("daily_overtime_after_minutes"),
  weeklyOvertimeAfterMinutes: integer("weekly_overtime_after_minutes"),
  overtimeMultiplier: real("overtime_multiplier").notNull().default(1.5),
  /** none, sundays, bank_holidays or sundays_and_bank_holidays. */
  premiumDays: text("premium_days").notNull().default("none"),
  premiumMultiplier: real("premium_multiplier").notNull().default(1.5),
  /** Whose bank holidays: england-and-wales, scotland or northern-ireland. */
  bankHolidayRegion: text("bank_holiday_region").notNull().default("england-and-wales"),
  /** Round each day's worked time to the nearest 1, 5 or 15 minutes (never below it); null: exact. */
  roundingMinutes: integer("rounding_minutes"),
  /** JSON: the pay code of each pay element, as the payroll software names it; null: the defaults. */
  payCodes: text("pay_codes"),
  updatedAt: integer("updated_at").notNull(),
});

/** An employee's pay terms: works number, contracted weekly hours, hourly rate. */
export const employeePay = sqliteTable(
  "employee_pay",
  {
    employeeId: text("employee_id")
      .primaryKey()
      .references(() => employees.id),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** The works number payroll software matches on; unique within the location. */
    payrollId: text("payroll_id"),
    contractedWeeklyMinutes: integer("contracted_weekly_minutes"),
    hourlyRatePence: integer("hourly_rate_pence"),
    /** Working time (docs/compliance.md), YYYY-MM-DD dates; sensitive: the account holder's eyes only, never a model's. */
    dateOfBirth: text("date_of_birth"),
    irregularHours: integer("irregular_hours", { mode: "boolean" }).notNull().default(false),
    optOutSigned: text("opt_out_signed"),
    optOutWithdrawn: text("opt_out_withdrawn"),
    /** Minimum wage (docs/compliance.md): the day an apprenticeship began (YYYY-MM-DD); null: not an apprentice. */
    apprenticeshipStart: text("apprenticeship_start"),
    /** Living accommodation the employer provides: days a week (1-7) and the charge a week; both null: none. */
    accommodationDaysPerWeek: integer("accommodation_days_per_week"),
    accommodationWeeklyChargePence: integer("accommodation_weekly_charge_pence"),
    /** Holiday (docs/compliance.md): employment's first and last days (YYYY-MM-DD) and days worked a week. */
    employmentStartDate: text("employment_start_date"),
    employmentEndDate: text("employment_end_date"),
    workingDaysPerWeek: real("working_days_per_week"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("employee_pay_location_payroll_id").on(t.locationId, t.payrollId)],
);
