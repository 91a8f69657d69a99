import { DEFAULT_PAY_CODES } from "../../worker/contracts/pay";
import { DEFAULT_PAYROLL_CODES } from "../../worker/contracts/payroll-settings";
import { DEFAULT_OVERTIME_RULES, payElements } from "../../worker/domain/pay-elements";
import type { PayrollExportInput } from "../../worker/domain/payroll-exports";
import { addDays } from "../../worker/domain/time-zone";

// The pay period every payroll export's golden file is written from: the week of Monday 16 November 2026
// at a shop paying overtime after 8 hours a day (×1.5) and Sundays at double time.

const rules = {
  ...DEFAULT_OVERTIME_RULES,
  dailyAfterMinutes: 8 * 60,
  premiumDays: "sundays" as const,
  premiumMultiplier: 2,
};
/** The days worked (the hours engine lists only those), each with its break. */
const days = (minutes: number[], breakMinutes = 30) =>
  minutes
    .map((workedMinutes, i) => ({ date: addDays("2026-11-16", i), workedMinutes, breakMinutes }))
    .filter((day) => day.workedMinutes > 0);

export const PAYROLL_FIXTURE: PayrollExportInput = {
  period: { startDate: "2026-11-16", endDate: "2026-11-22" },
  codes: { ...DEFAULT_PAY_CODES, overtime: "OT15", premium: "SUN2" },
  formatCodes: DEFAULT_PAYROLL_CODES,
  employees: [
    {
      payrollId: "1042",
      name: "Zoë Smith",
      hourlyRatePence: 12_21,
      // Mon–Fri, 8h, 9h 30m, 7h 20m, 8h, 10h 5m; Sunday 4h.
      summary: payElements(days([480, 570, 440, 480, 605, 0, 240]), rules, {
        contractedWeeklyMinutes: null,
        hourlyRatePence: 12_21,
      }),
    },
    {
      payrollId: "7",
      name: '=HYPERLINK("http://evil.example","Click")',
      hourlyRatePence: 11_44,
      summary: payElements(days([300, 0, 0, 0, 0, 0, 0], 0), rules, {
        contractedWeeklyMinutes: null,
        hourlyRatePence: 11_44,
      }),
      // Irregular hours: the Clocked payroll CSV carries the holiday accrued and the balance
      // (docs/compliance.md), and the account pays rolled-up holiday pay.
      rolledUpHoliday: true,
      holiday: { accruedHours: 1, balanceHours: -2.5 },
    },
  ],
};
