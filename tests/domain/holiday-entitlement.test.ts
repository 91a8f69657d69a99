import { describe, expect, it } from "vitest";
import { carriedOver } from "../../worker/domain/holiday-carry-over";
import { entitlementFor, fullYearEntitlement } from "../../worker/domain/holiday-entitlement";
import { averageWeekBefore, minutesCountedForLeave } from "../../worker/domain/holiday-leave-accrual";
import {
  type HolidayYearInput,
  holidayDaysCounted,
  holidayRuleFor,
  holidayYearBalance,
} from "../../worker/domain/holiday-year";
import { employedShare, leaveYearContaining, workerLeaveYear } from "../../worker/domain/leave-year";
import { addDays } from "../../worker/domain/time-zone";

// Holiday for every worker (docs/compliance.md): the leave year, 5.6 weeks of a regular week, reg 15C accrual on
// sick leave, Northern Ireland's rule, and carry-over.

describe("the leave year", () => {
  it("runs from the worker's start date and its anniversaries when the account sets none (reg 13(3))", () => {
    const year = workerLeaveYear({ accountStart: null, employmentStart: "2025-08-18", date: "2026-03-02" });
    expect(year).toEqual({ startDate: "2025-08-18", endDate: "2026-08-17" });
    expect(
      workerLeaveYear({ accountStart: null, employmentStart: "2025-08-18", date: "2026-08-17" }),
    ).toEqual(year);
    expect(
      workerLeaveYear({ accountStart: null, employmentStart: "2025-08-18", date: "2026-08-18" }),
    ).toEqual({
      startDate: "2026-08-18",
      endDate: "2027-08-17",
    });
  });

  it("runs from the account's date when one is set, whatever the worker's start", () => {
    expect(
      workerLeaveYear({ accountStart: "2020-01-01", employmentStart: "2025-08-18", date: "2026-03-02" }),
    ).toEqual({ startDate: "2026-01-01", endDate: "2026-12-31" });
    expect(leaveYearContaining("2024-04-01", "2027-03-31")).toEqual({
      startDate: "2026-04-01",
      endDate: "2027-03-31",
    });
  });

  it("starts on 1 March in years without 29 February for someone who started on one", () => {
    expect(leaveYearContaining("2024-02-29", "2026-02-28")).toEqual({
      startDate: "2025-03-01",
      endDate: "2026-02-28",
    });
  });
});

describe("a regular-hours worker's entitlement", () => {
  it("is 5.6 times their week: 28 days for five days, 16.8 for three, 210 hours for 37.5 a week", () => {
    expect(fullYearEntitlement({ daysPerWeek: 5, weeklyMinutes: 37.5 * 60 })).toEqual({
      days: 28,
      minutes: 210 * 60,
    });
    expect(fullYearEntitlement({ daysPerWeek: 3, weeklyMinutes: null }).days).toBeCloseTo(16.8, 10);
  });

  it("is capped at 28 days for a six-day week, and its hours by the same share", () => {
    expect(fullYearEntitlement({ daysPerWeek: 6, weeklyMinutes: 48 * 60 })).toEqual({
      days: 28,
      minutes: 224 * 60,
    });
    expect(fullYearEntitlement({ daysPerWeek: 5.5, weeklyMinutes: null }).days).toBe(28);
  });

  it("gives a joiner in month 7 of the leave year the share left, rounded up to a half day", () => {
    const year = leaveYearContaining("2024-04-01", "2026-10-01");
    const share = employedShare(year, "2026-10-01", null);
    expect(share).toBeCloseTo(182 / 365, 10);
    expect(entitlementFor({ daysPerWeek: 5, weeklyMinutes: null }, share).days).toBe(14); // 13.96
    expect(entitlementFor({ daysPerWeek: 3, weeklyMinutes: null }, share).days).toBe(8.5); // 8.37
  });

  it("gives a leaver the share of the leave year that had passed", () => {
    const year = leaveYearContaining("2024-01-01", "2026-06-30");
    const share = employedShare(year, "2020-05-01", "2026-06-30");
    expect(share).toBeCloseTo(181 / 365, 10);
    expect(entitlementFor({ daysPerWeek: 5, weeklyMinutes: null }, share).days).toBe(14); // 13.88
  });
});

describe("reg 15C: holiday accrued on sick and statutory leave", () => {
  const start = "2025-01-06";
  // Worked 20 hours each Monday for a year, then off sick from Monday 5 January 2026 for two weeks.
  const worked = new Map<string, number>();
  for (let week = 0; week < 52; week++) worked.set(addDays(start, 7 * week), 20 * 60);
  const sick = new Set(Array.from({ length: 14 }, (_, day) => addDays("2026-01-05", day)));

  it("counts each day of leave as a seventh of the average week of the 52 weeks before it", () => {
    const record = { worked, leave: sick, employmentStart: start };
    expect(averageWeekBefore(record, "2026-01-05")).toBe(20 * 60);
    expect(minutesCountedForLeave(record, { startDate: "2026-01-05", endDate: "2026-01-11" })).toBe(20 * 60);
  });

  it("leaves out weeks with leave in them and counts weeks without work as none", () => {
    const earlierSick = new Set([...sick, "2025-12-29"]); // the week before the spell held a day of leave
    const sparse = new Map([...worked].filter(([date]) => date < "2025-07-01"));
    const record = { worked: sparse, leave: earlierSick, employmentStart: start };
    // 26 weeks of 20 hours among the 51 whole weeks since the start: the week of 29/12/2025 is left out.
    expect(averageWeekBefore(record, "2026-01-05")).toBeCloseTo((26 * 20 * 60) / 51, 6);
  });

  it("averages over the complete weeks since a worker started less than 52 weeks ago", () => {
    const record = { worked, leave: sick, employmentStart: "2025-12-01" };
    // Weeks from 01/12, 08/12, 15/12, 22/12 and 29/12: each Monday holds 20 hours.
    expect(averageWeekBefore(record, "2026-01-05")).toBe(20 * 60);
    expect(averageWeekBefore({ ...record, employmentStart: "2026-01-01" }, "2026-01-05")).toBe(0);
  });
});

const base: HolidayYearInput = {
  rule: "pattern",
  year: { startDate: "2026-04-01", endDate: "2027-03-31" },
  today: "2026-11-27",
  employmentStart: "2020-01-01",
  week: { daysPerWeek: 5, weeklyMinutes: 40 * 60 },
  share: 1,
  accruedMinutes: 0,
  takenDays: 10,
  bookedDays: 3,
  dayMinutes: 8 * 60,
  carriedOver: 2,
};

describe("a worker's balance for the leave year", () => {
  it("keeps a five-day worker's in days: 28 and 2 carried, less 10 taken and 3 booked, leaves 17", () => {
    expect(holidayYearBalance(base)).toEqual({
      unit: "days",
      entitlement: 28,
      accrued: 28,
      carriedOver: 2,
      taken: 10,
      booked: 3,
      remaining: 17,
    });
  });

  it("accrues a twelfth a month in the first year of employment (reg 15A)", () => {
    const joiner = holidayYearBalance({
      ...base,
      employmentStart: "2026-10-01",
      share: 182 / 365,
      carriedOver: 0,
    });
    expect(joiner.entitlement).toBe(14);
    expect(joiner.accrued).toBe(5); // two months begun: 28 × 2/12 = 4.67, up to 5
  });

  it("caps a Great Britain irregular-hours worker's accrual at 5.6 weeks", () => {
    const balance = holidayYearBalance({
      ...base,
      rule: "accrual",
      week: { daysPerWeek: null, weeklyMinutes: 20 * 60 },
      accruedMinutes: 130 * 60,
      takenDays: 2,
      bookedDays: 0,
      dayMinutes: 4 * 60,
      carriedOver: 0,
    });
    expect(balance).toMatchObject({
      unit: "hours",
      entitlement: 112,
      accrued: 112,
      taken: 8,
      remaining: 104,
    });
  });

  it("gives a Northern Ireland irregular-hours worker 5.6 of their average weeks, not 12.07% of hours", () => {
    expect(
      holidayRuleFor({ irregularHours: true, northernIreland: true, leaveYearStart: "2026-04-01" }),
    ).toBe("pattern");
    expect(
      holidayRuleFor({ irregularHours: true, northernIreland: false, leaveYearStart: "2026-04-01" }),
    ).toBe("accrual");
    expect(
      holidayRuleFor({ irregularHours: true, northernIreland: false, leaveYearStart: "2024-03-31" }),
    ).toBe("pattern");
    const balance = holidayYearBalance({
      ...base,
      week: { daysPerWeek: null, weeklyMinutes: 15 * 60 },
      accruedMinutes: 500 * 60, // what 12.07% would have given is ignored
      takenDays: 1,
      bookedDays: 0,
      dayMinutes: 3 * 60,
      carriedOver: 0,
    });
    expect(balance).toEqual({
      unit: "hours",
      entitlement: 84,
      accrued: 84,
      carriedOver: 0,
      taken: 3,
      booked: 0,
      remaining: 81,
    });
  });

  it("counts no more of a week on holiday than the days the worker works in it", () => {
    const week = Array.from({ length: 7 }, (_, day) => addDays("2026-11-16", day));
    expect(holidayDaysCounted(week, 5)).toBe(5);
    expect(holidayDaysCounted(week, 3)).toBe(3);
    expect(holidayDaysCounted([...week, "2026-11-23"], null)).toBe(6);
  });
});

describe("carry-over", () => {
  const week = 5;
  it("carries what is left up to the agreed cap: 10 days left with a cap of 1.6 weeks carries 8", () => {
    expect(
      carriedOver({ remaining: 10, week, capWeeks: 1.6, preventedBySickOrFamilyLeave: false }).total,
    ).toBe(8);
    expect(
      carriedOver({ remaining: 8, week, capWeeks: 1.6, preventedBySickOrFamilyLeave: false }).total,
    ).toBe(8);
    expect(
      carriedOver({ remaining: 7.5, week, capWeeks: 1.6, preventedBySickOrFamilyLeave: false }).total,
    ).toBe(7.5);
  });

  it("never carries more than 1.6 weeks by agreement, and nothing without one", () => {
    expect(carriedOver({ remaining: 20, week, capWeeks: 3, preventedBySickOrFamilyLeave: false }).total).toBe(
      8,
    );
    expect(carriedOver({ remaining: 20, week, capWeeks: 0, preventedBySickOrFamilyLeave: false }).total).toBe(
      0,
    );
    expect(
      carriedOver({ remaining: -2, week, capWeeks: 1.6, preventedBySickOrFamilyLeave: true }).total,
    ).toBe(0);
  });

  it("carries up to 4 weeks more when sickness or family leave kept the worker from their holiday", () => {
    expect(carriedOver({ remaining: 26, week, capWeeks: 1.6, preventedBySickOrFamilyLeave: true })).toEqual({
      agreed: 8,
      prevented: 18,
      total: 26,
    });
    expect(carriedOver({ remaining: 30, week, capWeeks: 0, preventedBySickOrFamilyLeave: true }).total).toBe(
      20,
    );
  });
});
