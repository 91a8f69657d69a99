import { describe, expect, it } from "vitest";
import { ageOn, minimumRate, minimumWageShortfall, NMW_RATES } from "../../worker/domain/minimum-wage";

// The National Minimum Wage and National Living Wage (docs/compliance.md): the rate for a pay reference period
// is the one for the worker's age on its first day (National Minimum Wage Regulations 2015, reg 4B).

describe("the minimum rate for a pay reference period", () => {
  it("follows GOV.UK's table: a period starting 31/03/2025 keeps the 2024 rate, one starting 01/04/2025 has 2025's", () => {
    expect(minimumRate("1990-06-01", "2025-03-31")).toEqual({
      band: "21_and_over",
      pencePerHour: 1144,
      from: "2024-04-01",
    });
    expect(minimumRate("1990-06-01", "2025-04-01")).toEqual({
      band: "21_and_over",
      pencePerHour: 1221,
      from: "2025-04-01",
    });
    expect(minimumRate("1990-06-01", "2026-11-02")).toMatchObject({ pencePerHour: 1271, from: "2026-04-01" });
    expect(NMW_RATES.map((r) => [r.from, r.pence["18_to_20"], r.pence["16_to_17"]])).toEqual([
      ["2024-04-01", 860, 640],
      ["2025-04-01", 1000, 755],
      ["2026-04-01", 1085, 800],
    ]);
    // Before the table starts there is no rate to check against.
    expect(minimumRate("1990-06-01", "2024-03-31")).toBeNull();
  });

  it("moves to a higher band from the period after a birthday: 21 on Friday 10/04/2026", () => {
    expect(ageOn("2005-04-10", "2026-04-09")).toBe(20);
    expect(ageOn("2005-04-10", "2026-04-10")).toBe(21);
    // The week from Monday 06/04 includes the birthday, but started while the worker was 20.
    expect(minimumRate("2005-04-10", "2026-04-06")).toMatchObject({ band: "18_to_20", pencePerHour: 1085 });
    expect(minimumRate("2005-04-10", "2026-04-13")).toMatchObject({
      band: "21_and_over",
      pencePerHour: 1271,
    });
    expect(minimumRate("2009-07-01", "2026-11-02")).toMatchObject({ band: "16_to_17", pencePerHour: 800 });
  });

  it("is none under 16, and the 21-and-over rate when no date of birth is recorded", () => {
    expect(minimumRate("2011-01-01", "2026-11-02")).toBeNull();
    expect(minimumRate("2010-11-02", "2026-11-02")).toMatchObject({ band: "16_to_17" });
    expect(minimumRate(null, "2026-11-02")).toEqual({ band: null, pencePerHour: 1271, from: "2026-04-01" });
  });

  it("counts a birthday on 29 February from 1 March in a common year", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });
});

describe("a minimum-wage shortfall", () => {
  it("shows when an unpaid break that was deducted was actually worked", () => {
    // Paid 8 hours at £12.71 for 09:00–17:30 after an automatic 30-minute deduction, but no break was taken.
    const paidPence = 8 * 1271;
    expect(
      minimumWageShortfall({ dateOfBirth: null, periodStart: "2026-11-02", workedMinutes: 480, paidPence }),
    ).toBe(null);
    // 8.5 hours at £12.71 is £108.035: owed to the penny above, £108.04.
    expect(
      minimumWageShortfall({
        dateOfBirth: "1990-06-01",
        periodStart: "2026-11-02",
        workedMinutes: 510,
        paidPence,
      }),
    ).toEqual({
      band: "21_and_over",
      pencePerHour: 1271,
      requiredPence: 10804,
      paidPence: 10168,
      shortfallPence: 636,
    });
    expect(
      minimumWageShortfall({
        dateOfBirth: "1990-06-01",
        periodStart: "2026-11-02",
        workedMinutes: 510,
        paidPence: 10804,
      }),
    ).toBeNull();
  });

  it("is none for a worker under 16", () => {
    expect(
      minimumWageShortfall({
        dateOfBirth: "2011-01-01",
        periodStart: "2026-11-02",
        workedMinutes: 600,
        paidPence: 0,
      }),
    ).toBeNull();
  });
});
