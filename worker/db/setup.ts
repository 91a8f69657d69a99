import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { SetupFacts } from "../domain/setup-checklist";
import type { Db } from "./client";
import { defaultLocationSettings, readLocationSettings } from "./location-settings";
import { employeePay, employees, kioskDevices, payRules } from "./schema";

/** The break settings' columns: set once any differs from what a new location has. */
const BREAK_COLUMNS = [
  "workdayHours",
  "workdayStartTime",
  "workdayEndTime",
  "standardBreakMinutes",
  "breakDeductionEnabled",
  "recordBreaks",
  "autoCloseAfterHours",
] as const;

/**
 * What the location's setup checklist needs of D1, in parallel: its active staff and those without a
 * payroll ID, whether a kiosk device was ever paired, whether pay rules were saved (a save always writes
 * the row) and its break settings (a save that changes nothing writes nothing, so "set" means changed).
 * Whether the location ever recorded a punch is its hub's to say (the route asks it only when needed).
 */
export async function setupFactsOf(
  db: Db,
  locationId: string,
): Promise<Omit<SetupFacts, "kioskUsed"> & { devicePaired: boolean }> {
  const active = and(
    eq(employees.locationId, locationId),
    eq(employees.active, true),
    isNull(employees.deletedAt),
  );
  const [staff, device, rules, settings] = await Promise.all([
    db
      .select({
        active: count(),
        missingPayrollIds: sql<number>`coalesce(sum(case when ${employeePay.payrollId} is null or ${employeePay.payrollId} = '' then 1 else 0 end), 0)`,
      })
      .from(employees)
      .leftJoin(employeePay, eq(employeePay.employeeId, employees.id))
      .where(active),
    db
      .select({ id: kioskDevices.id })
      .from(kioskDevices)
      .where(eq(kioskDevices.locationId, locationId))
      .limit(1),
    db.select({ id: payRules.locationId }).from(payRules).where(eq(payRules.locationId, locationId)).limit(1),
    readLocationSettings(db, locationId),
  ]);
  const defaults = defaultLocationSettings(locationId);
  return {
    activeEmployees: staff[0]?.active ?? 0,
    missingPayrollIds: Number(staff[0]?.missingPayrollIds ?? 0),
    devicePaired: device.length > 0,
    rulesSet: rules.length > 0 || BREAK_COLUMNS.some((column) => settings[column] !== defaults[column]),
  };
}
