import { describe, expect, it } from "vitest";
import {
  ACCOMMODATION_OFFSETS,
  accommodationAdjustment,
  ageOn,
  apprenticeRateApplies,
  minimumRate,
  minimumWageShortfall,
  NMW_RATES,
} from "../../worker/domain/minimum-wage";

// The National Minimum Wage and National Living Wage (docs/compliance.md): the rate for a pay reference period
// is the one that applies to the worker on its first day (National Minimum Wage Regulations 2015, reg 4B): their
// age's, or the apprenticeship rate (reg 5); living accommodation counts as regs 14-16 say.

/** A week's figures with nothing special about it: a 40-hour week from Monday 02/11/2026. */
const week = {
  dateOfBirth: "1990-06-01",
  apprenticeshipStart: null,
  accommodation: null,
  periodStart: "2026-11-02",
  periodEnd: "2026-11-08",
  workedMinutes: 40 * 60,
};

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
    expect(minimumWageShortfall({ ...week, dateOfBirth: null, workedMinutes: 480, paidPence })).toBe(null);
    // 8.5 hours at £12.71 is £108.035: owed to the penny above, £108.04.
    expect(minimumWageShortfall({ ...week, workedMinutes: 510, paidPence })).toEqual({
      band: "21_and_over",
      pencePerHour: 1271,
      requiredPence: 10804,
      paidPence: 10168,
      accommodationPence: 0,
      shortfallPence: 636,
    });
    expect(minimumWageShortfall({ ...week, workedMinutes: 510, paidPence: 10804 })).toBeNull();
  });

  it("is none for a worker under 16", () => {
    expect(
      minimumWageShortfall({ ...week, dateOfBirth: "2011-01-01", workedMinutes: 600, paidPence: 0 }),
    ).toBeNull();
  });
});

describe("the apprenticeship rate", () => {
  // Started on Tuesday 01/09/2025: the first 12 months run to Monday 31/08/2026. Weekly periods from Monday.
  const started = "2025-09-01";
  const month11 = "2026-07-06";
  const month13 = "2026-09-07";
  const eighteen = "2008-01-01";
  const twenty = "2006-01-01";

  it("applies to an apprentice of 18 in month 11 and still in month 13, being under 19", () => {
    expect(minimumRate(eighteen, month11, started)).toEqual({
      band: "apprentice",
      pencePerHour: 800,
      from: "2026-04-01",
    });
    expect(minimumRate(eighteen, month13, started)).toMatchObject({ band: "apprentice", pencePerHour: 800 });
  });

  it("applies to an apprentice of 20 in month 11, and gives way to the 18-20 rate in month 13", () => {
    expect(minimumRate(twenty, month11, started)).toMatchObject({ band: "apprentice", pencePerHour: 800 });
    expect(minimumRate(twenty, month13, started)).toMatchObject({ band: "18_to_20", pencePerHour: 1085 });
  });

  it("takes away the false shortfall of a 20-year-old apprentice paid £9.00 in their first year", () => {
    const paid = { ...week, dateOfBirth: twenty, paidPence: 40 * 900 };
    // Without the apprenticeship recorded the 18-20 rate is owed: £434.00 for 40 hours.
    expect(
      minimumWageShortfall({
        ...paid,
        apprenticeshipStart: null,
        periodStart: month11,
        periodEnd: "2026-07-12",
      }),
    ).toMatchObject({ band: "18_to_20", requiredPence: 43400, shortfallPence: 7400 });
    expect(
      minimumWageShortfall({
        ...paid,
        apprenticeshipStart: started,
        periodStart: month11,
        periodEnd: "2026-07-12",
      }),
    ).toBeNull();
    expect(
      minimumWageShortfall({
        ...paid,
        apprenticeshipStart: started,
        periodStart: month13,
        periodEnd: "2026-09-13",
      }),
    ).toMatchObject({ band: "18_to_20", shortfallPence: 7400 });
  });

  it("runs the first 12 months to the day before the anniversary, judged on a period's first day", () => {
    expect(apprenticeRateApplies(started, twenty, "2026-08-31")).toBe(true);
    expect(apprenticeRateApplies(started, twenty, "2026-09-01")).toBe(false);
    // A period that starts on 31/08 keeps the apprenticeship rate to its end.
    expect(minimumRate(twenty, "2026-08-31", started)).toMatchObject({ band: "apprentice" });
    expect(minimumRate(twenty, "2026-09-01", started)).toMatchObject({ band: "18_to_20" });
  });

  it("ends for an apprentice past their first year on their 19th birthday", () => {
    // Born 10/03/2008: 19 on 10/03/2027, in the apprenticeship's second year.
    expect(minimumRate("2008-03-10", "2027-03-09", started)).toMatchObject({ band: "apprentice" });
    expect(minimumRate("2008-03-10", "2027-03-10", started)).toMatchObject({ band: "18_to_20" });
  });

  it("does not apply before the apprenticeship starts, nor to anyone under 16", () => {
    expect(minimumRate(twenty, "2025-08-25", started)).toMatchObject({ band: "18_to_20" });
    expect(minimumRate("2011-01-01", "2026-11-02", "2026-09-01")).toBeNull();
  });

  it("applies in the first 12 months when no date of birth is recorded, and the highest rate after", () => {
    expect(minimumRate(null, month11, started)).toMatchObject({ band: "apprentice", pencePerHour: 800 });
    expect(minimumRate(null, month13, started)).toEqual({
      band: null,
      pencePerHour: 1271,
      from: "2026-04-01",
    });
  });
});

describe("the accommodation offset", () => {
  // 40 hours at exactly £12.71, with a room 5 days a week: the offset is 5 x £11.10 = £55.50 a week.
  const atMinimum = { ...week, paidPence: 40 * 1271 };
  const room = (weeklyChargePence: number) => ({ daysPerWeek: 5, weeklyChargePence });

  it("is £9.99 a day from 01/04/2024, £10.66 from 01/04/2025 and £11.10 from 01/04/2026", () => {
    expect(ACCOMMODATION_OFFSETS.map((o) => [o.from, o.pencePerDay])).toEqual([
      ["2024-04-01", 999],
      ["2025-04-01", 1066],
      ["2026-04-01", 1110],
    ]);
    // The offset on a period's first day applies to all of it.
    expect(accommodationAdjustment({ daysPerWeek: 7, weeklyChargePence: 0 }, "2026-03-30", 7)).toMatchObject({
      adjustmentPence: 7 * 1066,
    });
    expect(accommodationAdjustment({ daysPerWeek: 7, weeklyChargePence: 0 }, "2026-04-06", 7)).toMatchObject({
      adjustmentPence: 7 * 1110,
    });
    expect(accommodationAdjustment(room(0), "2024-03-25", 7)).toBeNull();
  });

  it("leaves pay at the minimum untouched by a charge just under or at the offset", () => {
    expect(minimumWageShortfall({ ...atMinimum, accommodation: room(5549) })).toBeNull();
    expect(minimumWageShortfall({ ...atMinimum, accommodation: room(5550) })).toBeNull();
  });

  it("takes a charge just over the offset off pay for the minimum wage, by the excess", () => {
    expect(minimumWageShortfall({ ...atMinimum, accommodation: room(5551) })).toEqual({
      band: "21_and_over",
      pencePerHour: 1271,
      requiredPence: 50840,
      paidPence: 50840,
      accommodationPence: -1,
      shortfallPence: 1,
    });
    expect(minimumWageShortfall({ ...atMinimum, accommodation: room(8000) })).toMatchObject({
      accommodationPence: -2450,
      shortfallPence: 2450,
    });
  });

  it("adds the offset for a free room, but nothing for a room charged below the offset", () => {
    // £12.00 an hour for 40 hours is £28.40 short of £508.40.
    const under = { ...week, paidPence: 40 * 1200 };
    expect(minimumWageShortfall(under)).toMatchObject({ shortfallPence: 2840 });
    expect(minimumWageShortfall({ ...under, accommodation: room(0) })).toBeNull();
    expect(
      minimumWageShortfall({ ...under, accommodation: { daysPerWeek: 2, weeklyChargePence: 0 } }),
    ).toEqual(expect.objectContaining({ accommodationPence: 2220, shortfallPence: 620 }));
    expect(minimumWageShortfall({ ...under, accommodation: room(100) })).toMatchObject({
      accommodationPence: 0,
      shortfallPence: 2840,
    });
  });

  it("takes a month's days and charge pro rata, rounding each way in the worker's favour", () => {
    // November 2026 has 30 days: 30/7 weeks. Offset 5 x £11.10 x 30/7 = £237.857..., charge £60 x 30/7 = £257.142...
    expect(accommodationAdjustment(room(6000), "2026-11-01", 30)).toEqual({
      offsetPence: 23785,
      chargePence: 25715,
      adjustmentPence: -1929,
    });
    expect(accommodationAdjustment(room(0), "2026-11-01", 30)).toMatchObject({ adjustmentPence: 23785 });
  });
});
