import { eq } from "drizzle-orm";
import {
  DEFAULT_PAYROLL_CODES,
  formatCodesProblem,
  MAPPED_FORMATS,
  type PayrollCodes,
  type PayrollSettings,
  type PayrollSettingsRequest,
} from "../contracts/payroll-settings";
import { type Actor, accountSettingAudit } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locations, users } from "./schema";

// The account's payroll settings (docs/payroll-exports.md, "Pay codes per format"): each format's codes,
// and whether rolled-up holiday pay is paid.

/** A saved mapping, each format that is missing or no longer valid replaced by its defaults. */
export function parsePayrollCodes(json: string | null): PayrollCodes {
  let saved: Partial<PayrollCodes> = {};
  try {
    saved = json ? (JSON.parse(json) as Partial<PayrollCodes>) : {};
  } catch {
    saved = {};
  }
  const codes = { ...DEFAULT_PAYROLL_CODES };
  for (const format of MAPPED_FORMATS) {
    const candidate = { ...DEFAULT_PAYROLL_CODES[format], ...saved[format] };
    if (!formatCodesProblem(format, candidate)) codes[format] = candidate;
  }
  return codes;
}

type SettingsRow = { payrollCodes: string | null; rolledUpHolidayPay: boolean };

const toSettings = (row: SettingsRow | undefined): PayrollSettings => ({
  rolled_up_holiday_pay: row?.rolledUpHolidayPay ?? false,
  codes: parsePayrollCodes(row?.payrollCodes ?? null),
});

const columns = { payrollCodes: users.payrollCodes, rolledUpHolidayPay: users.rolledUpHolidayPay };

export async function readPayrollSettings(db: Db, userId: string): Promise<PayrollSettings> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return toSettings(row);
}

/** The settings of the account that owns a location. */
export async function payrollSettingsOf(db: Db, locationId: string): Promise<PayrollSettings> {
  const [row] = await db
    .select(columns)
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .where(eq(locations.id, locationId))
    .limit(1);
  return toSettings(row);
}

/** Saves what the request holds; every format it leaves out keeps its codes. */
export async function savePayrollSettings(
  db: Db,
  userId: string,
  actor: Actor,
  input: PayrollSettingsRequest,
): Promise<PayrollSettings> {
  const before = await readPayrollSettings(db, userId);
  const after: PayrollSettings = {
    rolled_up_holiday_pay: input.rolled_up_holiday_pay ?? before.rolled_up_holiday_pay,
    codes: { ...before.codes, ...input.codes },
  };
  await runBatch(db, [
    db
      .update(users)
      .set({ payrollCodes: JSON.stringify(after.codes), rolledUpHolidayPay: after.rolled_up_holiday_pay })
      .where(eq(users.id, userId)),
    accountSettingAudit(userId, actor, "payroll_settings_changed", before, after),
  ]);
  return after;
}
