import { leaveYearContaining } from "./leave-year";
import type { LocalDate } from "./time-zone";

// Holiday for irregular-hours and part-year workers: reg 15B of the Working Time Regulations 1998,
// inserted by the Employment Rights (Amendment, Revocation and Transitional Provision) Regulations 2023
// (SI 2023/1426), for leave years beginning on or after 1 April 2024. Sources: docs/compliance.md.

/** Holiday accrues at 12.07% of the hours worked in each pay period (5.6 weeks / 46.4 working weeks). */
export const ACCRUAL_PERCENT = 12.07;

/** Reg 15B applies to leave years beginning on or after 1 April 2024; earlier leave years keep regs 13 and 13A. */
export const irregularHoursApplies = (leaveYearStart: LocalDate) => leaveYearStart >= "2024-04-01";

/**
 * Whether a pay period starting on `periodStart` lies in a leave year reg 15B (and so rolled-up holiday pay, reg
 * 16A) applies to. `leaveYearAnchor` is the day the worker's leave years run from (the account's, or their
 * employment's start: worker/domain/leave-year.ts). With none recorded the leave year cannot be told, and only a
 * period from 1 April 2025 is sure to be in a leave year that began after 1 April 2024.
 */
export function reg15BAppliesTo(periodStart: LocalDate, leaveYearAnchor: LocalDate | null): boolean {
  if (leaveYearAnchor === null) return periodStart >= "2025-04-01";
  return irregularHoursApplies(leaveYearContaining(leaveYearAnchor, periodStart).startDate);
}

/**
 * The holiday, in minutes, that a pay period's working time earns: 12.07% of it, rounded to the nearest whole
 * hour, half an hour or more up (3.6 hours is 4 hours, 1.4 hours is 1 hour). That is the rounding GOV.UK's
 * holiday entitlement calculator applies to an irregular-hours pay period, telling employers they "must round up
 * to the nearest hour if the entitlement is 0.5 of an hour or more". The text of reg 15B itself could not be read
 * where this was written: see docs/compliance.md before changing it.
 */
export function accruedHolidayMinutes(workedMinutes: number): number {
  // In ten-thousandths of a minute, so 12.07% stays exact: an hour is 600,000 of them.
  const exact = Math.max(0, Math.round(workedMinutes)) * Math.round(ACCRUAL_PERCENT * 100);
  const hours = Math.floor(exact / 600_000);
  return (exact - hours * 600_000 >= 300_000 ? hours + 1 : hours) * 60;
}

export type HolidayPeriodBalance = {
  key: string;
  startDate: LocalDate;
  endDate: LocalDate;
  workedMinutes: number;
  accruedMinutes: number;
  takenMinutes: number;
  /** The balance once this period has ended. */
  balanceMinutes: number;
};

/**
 * A running holiday balance over pay periods, oldest first. Reg 15B has the leave accrue at the end of each pay
 * period, so a period's holiday is added when it ends, after the holiday taken in it is subtracted. A balance may
 * go negative (leave taken before it was earned) and is shown as it is: reg 15E lets a relevant agreement provide
 * for that to be repaid when employment ends. The 5.6-week cap and reg 15C's accrual during sick and statutory
 * leave are in holiday-year.ts and holiday-leave-accrual.ts.
 */
export function holidayBalance(
  periods: readonly {
    key: string;
    startDate: LocalDate;
    endDate: LocalDate;
    workedMinutes: number;
    takenMinutes: number;
  }[],
): { periods: HolidayPeriodBalance[]; balanceMinutes: number } {
  let balanceMinutes = 0;
  const rows = [...periods]
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0))
    .map((period) => {
      const accruedMinutes = accruedHolidayMinutes(period.workedMinutes);
      balanceMinutes += accruedMinutes - period.takenMinutes;
      return {
        key: period.key,
        startDate: period.startDate,
        endDate: period.endDate,
        workedMinutes: period.workedMinutes,
        accruedMinutes,
        takenMinutes: period.takenMinutes,
        balanceMinutes,
      };
    });
  return { periods: rows, balanceMinutes };
}
