import { describe, expect, it } from "vitest";
import {
  ACCRUAL_PERCENT,
  accruedHolidayMinutes,
  holidayBalance,
  irregularHoursApplies,
  reg15BAppliesTo,
} from "../../worker/domain/holiday-accrual";

// Holiday for irregular-hours and part-year workers (docs/compliance.md): 12.07% of the hours worked in each pay
// period, rounded to the nearest hour, added when the period ends (Working Time Regulations 1998, reg 15B).

describe("holiday accrued in a pay period", () => {
  it("is 12.07% of the hours worked, to the nearest hour, half an hour up", () => {
    expect(ACCRUAL_PERCENT).toBe(12.07);
    expect(accruedHolidayMinutes(30 * 60)).toBe(4 * 60); // 3.62 hours
    expect(accruedHolidayMinutes(12 * 60)).toBe(60); // 1.45 hours
    expect(accruedHolidayMinutes(60 * 60)).toBe(7 * 60); // 7.24 hours
    expect(accruedHolidayMinutes(0)).toBe(0);
  });

  it("rounds 30 minutes up and 29 down: 249 minutes worked earn an hour, 248 nothing", () => {
    expect(accruedHolidayMinutes(249)).toBe(60); // 30.05 minutes
    expect(accruedHolidayMinutes(248)).toBe(0); // 29.93 minutes
  });

  it("applies to leave years beginning on or after 1 April 2024", () => {
    expect(irregularHoursApplies("2024-03-31")).toBe(false);
    expect(irregularHoursApplies("2024-04-01")).toBe(true);
  });
});

describe("a holiday balance", () => {
  it("adds each period's holiday as it ends and subtracts holiday taken, oldest period first", () => {
    const result = holidayBalance([
      {
        key: "2026-w3",
        startDate: "2026-04-20",
        endDate: "2026-04-26",
        workedMinutes: 3600,
        takenMinutes: 0,
      },
      {
        key: "2026-w1",
        startDate: "2026-04-06",
        endDate: "2026-04-12",
        workedMinutes: 1800,
        takenMinutes: 0,
      },
      {
        key: "2026-w2",
        startDate: "2026-04-13",
        endDate: "2026-04-19",
        workedMinutes: 720,
        takenMinutes: 240,
      },
    ]);
    expect(result.periods.map((p) => [p.key, p.accruedMinutes, p.takenMinutes, p.balanceMinutes])).toEqual([
      ["2026-w1", 240, 0, 240],
      ["2026-w2", 60, 240, 60],
      ["2026-w3", 420, 0, 480],
    ]);
    expect(result.balanceMinutes).toBe(480);
    expect(result.periods[0]).toEqual({
      key: "2026-w1",
      startDate: "2026-04-06",
      endDate: "2026-04-12",
      workedMinutes: 1800,
      accruedMinutes: 240,
      takenMinutes: 0,
      balanceMinutes: 240,
    });
  });

  it("goes negative when holiday is taken before it is earned", () => {
    const result = holidayBalance([
      { key: "p1", startDate: "2026-04-06", endDate: "2026-04-12", workedMinutes: 720, takenMinutes: 480 },
    ]);
    expect(result.balanceMinutes).toBe(-420);
  });
});

describe("whose pay period reg 15B (and rolled-up holiday pay) reaches", () => {
  it("follows the worker's leave year: one from 1 January 2025 is in, the year from 1 January 2024 is not", () => {
    expect(reg15BAppliesTo("2025-01-06", "2020-01-01")).toBe(true);
    expect(reg15BAppliesTo("2024-12-30", "2020-01-01")).toBe(false);
  });

  it("takes the leave year from 1 April 2024 itself as the first", () => {
    expect(reg15BAppliesTo("2024-04-01", "2019-04-01")).toBe(true);
    expect(reg15BAppliesTo("2024-03-31", "2019-04-01")).toBe(false);
  });

  it("with no leave year recorded, is sure only from 1 April 2025", () => {
    expect(reg15BAppliesTo("2025-03-31", null)).toBe(false);
    expect(reg15BAppliesTo("2025-04-01", null)).toBe(true);
  });
});
