import { Hono } from "hono";
import { locationParams } from "../contracts/params";
import { NOT_APPROVED_FOR_EXPORT, PAYROLL_FORMAT_REQUIRED, payrollExportQuery } from "../contracts/pay";
import { recordExport } from "../db/audit";
import { accountHolidayOf } from "../db/holiday-settings";
import { readPaySchedule } from "../db/pay-rules";
import { payrollSettingsOf } from "../db/payroll-settings";
import { csvFilename } from "../domain/csv";
import { reg15BAppliesTo } from "../domain/holiday-accrual";
import { safeTimeZone } from "../domain/local-time";
import {
  missingPayrollIdsDetail,
  NEEDS_PAYROLL_ID,
  payrollExport,
  payrollExportProblem,
} from "../domain/payroll-exports";
import { resolvePeriod } from "../domain/periods";
import { localDateOf } from "../domain/time-zone";
import { hubFor } from "../durable/client";
import { csvDownloadHeaders } from "../lib/downloads";
import { ApiError, badRequest } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { params, query } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import { holidayBalances } from "../services/holiday";
import { type PayrollLine, payrollRun } from "../services/payroll";
import type { AppEnv } from "../types";

// Payroll exports (docs/payroll-exports.md): an approved pay period's pay, in the file a UK payroll product imports
// (docs/payroll-exports.md). Pro and Business.

export const payrollExportRoutes = new Hono<AppEnv>().get(
  "/:locationId",
  params(locationParams),
  query(payrollExportQuery),
  ownedLocation,
  async (c) => {
    const { db, user, location } = c.var;
    requireFeature(user, "payroll");
    const { period: key = "", format } = c.req.valid("query");
    if (!format) throw badRequest(PAYROLL_FORMAT_REQUIRED);
    const timeZone = safeTimeZone(location.timezone);
    const now = Date.now();
    const period = key.startsWith("pay_")
      ? resolvePeriod(key, timeZone, now, await readPaySchedule(db, location.id))
      : null;
    if (!period)
      throw badRequest(`Unknown pay period "${key}": use pay_YYYY-MM-DD, a pay period's first day`);

    const [run, found, holiday, settings, account] = await Promise.all([
      payrollRun(c.env, db, location, period, now),
      hubFor(c.env, location.id).entries(period),
      // Clocked's own CSV carries irregular-hours workers' holiday for the period.
      format === "csv" ? holidayBalances(c.env, db, location, now, period.endDate) : null,
      payrollSettingsOf(db, location.id),
      accountHolidayOf(db, location.id),
    ]);
    // Rolled-up holiday pay (docs/payroll-exports.md): the account's choice, for irregular-hours and
    // part-year workers in Great Britain, in leave years from 1 April 2024 (regs 15B and 16A), each worker's
    // leave year the account's or their own.
    const rolledUpFor = (e: PayrollLine) =>
      settings.rolled_up_holiday_pay &&
      e.irregularHours &&
      run.rules.bank_holiday_region !== "northern-ireland" &&
      reg15BAppliesTo(period.startDate, account.leave_year_start ?? e.employmentStart);
    const holidayOf = (employeeId: string) => {
      const accrued = holiday?.employees
        .find((e) => e.employee_id === employeeId)
        ?.periods.find((p) => p.key === period.key);
      return accrued && { accruedHours: accrued.accrued_hours, balanceHours: accrued.balance_hours };
    };
    const approved = new Set(found.approvals.map((a) => a.employeeId));
    const paid = run.employees.filter((e) => e.summary.lines.some((l) => l.element !== "unpaid_break"));
    if (paid.length === 0 || paid.some((e) => !approved.has(e.employeeId))) {
      throw new ApiError(409, NOT_APPROVED_FOR_EXPORT);
    }
    // Only the formats whose payroll matches on a works number need one (docs/payroll-exports.md).
    const unnumbered = paid.filter((e) => e.payrollId === null);
    if (NEEDS_PAYROLL_ID[format] && unnumbered.length > 0) {
      throw new ApiError(409, missingPayrollIdsDetail(unnumbered.map((e) => `${e.firstName} ${e.lastName}`)));
    }
    const input = {
      period: { startDate: period.startDate, endDate: period.endDate },
      codes: run.codes,
      formatCodes: settings.codes,
      employees: paid.map((e) => ({
        payrollId: e.payrollId ?? "",
        name: `${e.firstName} ${e.lastName}`,
        hourlyRatePence: e.hourlyRatePence,
        summary: e.summary,
        rolledUpHoliday: rolledUpFor(e),
        holiday: holidayOf(e.employeeId),
      })),
    };
    const problem = payrollExportProblem(format, input);
    if (problem) throw new ApiError(409, problem);
    const filename = csvFilename(location.name, `${format}_${period.key}`, localDateOf(now, timeZone));
    const file = payrollExport(format, input);
    await recordExport(db, {
      userId: user.id,
      actor: actorOf(c),
      locationId: location.id,
      action: "payroll_exported",
      details: { format, period: period.key, employees: paid.length },
    });
    return c.body(file, 200, csvDownloadHeaders(filename));
  },
);
