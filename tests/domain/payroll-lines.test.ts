import { describe, expect, it } from "vitest";
import { DEFAULT_OVERTIME_RULES, payElements } from "../../worker/domain/pay-elements";
import { amountOf, exportLines, hundredthsOf, rolledUpOf } from "../../worker/domain/payroll-lines";

// Hours and amounts every payroll file shares (docs/payroll-exports.md, "Hours and amounts").

describe("payroll hours and amounts", () => {
  it("round each element's hours up to the hundredth, once", () => {
    expect([hundredthsOf(60), hundredthsOf(61), hundredthsOf(440), hundredthsOf(0)]).toEqual([
      100, 102, 734, 0,
    ]);
  });

  it("make every amount the exported hours × the rate × the multiplier, half a penny up", () => {
    expect(amountOf(39_34, 12_21, 1)).toBe(480_34); // 480.3414
    expect(amountOf(3_59, 12_21, 1.5)).toBe(65_75); // 65.75085
    expect(amountOf(1_00, 12_25, 1.5)).toBe(18_38); // 18.375: half up
  });

  it("take rolled-up holiday pay as 12.07% of the gross, to the penny", () => {
    expect(rolledUpOf(57_20)).toBe(6_90); // 6.904
    expect(rolledUpOf(10_000_00)).toBe(1207_00);
    expect(rolledUpOf(50)).toBe(6); // 6.035
  });

  it("price straight-time overtime and premium with basic, so together they are their hours × rate", () => {
    // Monday 7 h 21 m (basic 7 h 20 m, overtime 1 m at ×1); Sunday 1 h 1 m of premium at ×1. Priced apart
    // against basic, they would come to a penny more than their hours × rate.
    const summary = payElements(
      [
        { date: "2026-11-16", workedMinutes: 441, breakMinutes: 0 },
        { date: "2026-11-22", workedMinutes: 61, breakMinutes: 0 },
      ],
      {
        ...DEFAULT_OVERTIME_RULES,
        dailyAfterMinutes: 440,
        overtimeMultiplier: 1,
        premiumDays: "sundays",
        premiumMultiplier: 1,
      },
      { contractedWeeklyMinutes: null, hourlyRatePence: 12_21 },
    );
    const lines = exportLines(summary, 12_21, false);
    expect(lines.map((l) => l.hundredths)).toEqual([7_34, 2, 1_02]);
    const total = lines.reduce((sum, l) => sum + (l.amountPence ?? 0), 0);
    expect(total).toBe(amountOf(7_34 + 2 + 1_02, 12_21, 1));
  });

  it("leave amounts out, and rolled-up holiday pay with them, without a rate", () => {
    const summary = payElements(
      [{ date: "2026-11-16", workedMinutes: 60, breakMinutes: 0 }],
      DEFAULT_OVERTIME_RULES,
      { contractedWeeklyMinutes: null, hourlyRatePence: null },
    );
    expect(exportLines(summary, null, true)).toEqual([
      { element: "basic", hundredths: 100, multiplier: 1, amountPence: null },
    ]);
  });
});
