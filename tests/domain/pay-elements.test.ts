import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_OVERTIME_RULES,
  type OvertimeRules,
  payElements,
  ROUNDING_STEPS,
  roundedMinutes,
  type WorkedDay,
} from "../../worker/domain/pay-elements";
import { addDays } from "../../worker/domain/time-zone";

// Pay elements: basic, overtime, premium-day and unpaid-break minutes from a pay period's worked days.

const HOURS = 60;
const NO_TERMS = { contractedWeeklyMinutes: null, hourlyRatePence: null };
/** Monday 16 November 2026 onwards, one worked day each. */
const week = (...worked: number[]): WorkedDay[] =>
  worked.map((minutes, i) => ({ date: addDays("2026-11-16", i), workedMinutes: minutes, breakMinutes: 30 }));
const rules = (over: Partial<OvertimeRules>): OvertimeRules => ({ ...DEFAULT_OVERTIME_RULES, ...over });

describe("pay elements", () => {
  it("are all basic with no overtime rule, the breaks beside them", () => {
    const { totals } = payElements(week(8 * HOURS, 10 * HOURS), DEFAULT_OVERTIME_RULES, NO_TERMS);
    expect(totals).toEqual({ basic: 18 * HOURS, overtime: 0, premium: 0, unpaid_break: 60 });
  });

  it("count daily overtime beyond the daily limit, day by day", () => {
    const { days, totals } = payElements(
      week(9 * HOURS, 7 * HOURS, 10 * HOURS),
      rules({ dailyAfterMinutes: 8 * HOURS }),
      NO_TERMS,
    );
    expect(days.map((d) => d.overtime)).toEqual([60, 0, 120]);
    expect(totals).toMatchObject({ basic: 23 * HOURS, overtime: 3 * HOURS });
  });

  it("count weekly overtime beyond the weekly limit, from the week's last days", () => {
    const { days } = payElements(
      week(10 * HOURS, 10 * HOURS, 10 * HOURS, 10 * HOURS, 5 * HOURS),
      rules({ weeklyAfterMinutes: 40 * HOURS }),
      NO_TERMS,
    );
    expect(days.map((d) => [d.basic / HOURS, d.overtime / HOURS])).toEqual([
      [10, 0],
      [10, 0],
      [10, 0],
      [10, 0],
      [0, 5],
    ]);
  });

  it("apply both limits without counting an hour as overtime twice", () => {
    // 4 × 11 hours: 3 daily overtime hours a day (12), then 32 basic hours against a 30-hour week: 2 more.
    const { totals } = payElements(
      week(11 * HOURS, 11 * HOURS, 11 * HOURS, 11 * HOURS),
      rules({ dailyAfterMinutes: 8 * HOURS, weeklyAfterMinutes: 30 * HOURS }),
      NO_TERMS,
    );
    expect(totals).toMatchObject({ basic: 30 * HOURS, overtime: 14 * HOURS });
  });

  it("give overtime only beyond an employee's contracted hours, which replace the location's limits", () => {
    const terms = { contractedWeeklyMinutes: 20 * HOURS, hourlyRatePence: null };
    const { totals } = payElements(
      week(10 * HOURS, 10 * HOURS, 4 * HOURS),
      rules({ dailyAfterMinutes: 8 * HOURS, weeklyAfterMinutes: 40 * HOURS }),
      terms,
    );
    expect(totals).toMatchObject({ basic: 20 * HOURS, overtime: 4 * HOURS });
  });

  it("pay a premium day's hours as premium, not basic or overtime: Sundays and bank holidays", () => {
    const christmas = (date: string) => date === "2026-12-25";
    const days: WorkedDay[] = [
      { date: "2026-12-25", workedMinutes: 6 * HOURS, breakMinutes: 0 }, // a Friday, a bank holiday
      { date: "2026-12-27", workedMinutes: 5 * HOURS, breakMinutes: 0 }, // a Sunday
      { date: "2026-12-28", workedMinutes: 9 * HOURS, breakMinutes: 0 },
    ];
    const sundays = payElements(
      days,
      rules({ premiumDays: "sundays", dailyAfterMinutes: 8 * HOURS }),
      NO_TERMS,
    );
    expect(sundays.totals).toMatchObject({ premium: 5 * HOURS, basic: 14 * HOURS, overtime: 60 });
    const both = payElements(days, rules({ premiumDays: "sundays_and_bank_holidays" }), NO_TERMS, christmas);
    expect(both.totals).toMatchObject({ premium: 11 * HOURS, basic: 9 * HOURS });
    const holidays = payElements(days, rules({ premiumDays: "bank_holidays" }), NO_TERMS, christmas);
    expect(holidays.totals.premium).toBe(6 * HOURS);
  });

  it("price each element at the hourly rate times its multiplier, in pence", () => {
    const { lines } = payElements(
      week(10 * HOURS),
      rules({ dailyAfterMinutes: 8 * HOURS, overtimeMultiplier: 1.5 }),
      { contractedWeeklyMinutes: null, hourlyRatePence: 12_71 },
    );
    expect(lines).toEqual([
      { element: "basic", minutes: 480, multiplier: 1, amountPence: 101_68 },
      { element: "overtime", minutes: 120, multiplier: 1.5, amountPence: 38_13 },
      { element: "unpaid_break", minutes: 30, multiplier: 0, amountPence: 0 },
    ]);
  });

  it("round to the nearest step, never below the exact time worked", () => {
    expect(roundedMinutes(473, 15)).toBe(480);
    expect(roundedMinutes(472, 15)).toBe(472);
    expect(roundedMinutes(457, 15)).toBe(457);
    expect(roundedMinutes(452, 5)).toBe(452);
    expect(roundedMinutes(453, 5)).toBe(455);
    expect(roundedMinutes(453, null)).toBe(453);
  });

  it("never pay less than the exact time worked on any day, whatever the rules (property)", () => {
    const day = fc.record({
      workedMinutes: fc.integer({ min: 0, max: 24 * HOURS }),
      breakMinutes: fc.nat(120),
    });
    const limit = fc.option(fc.integer({ min: 0, max: 60 * HOURS }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 31 }),
        limit,
        limit,
        fc.constantFrom(null, ...ROUNDING_STEPS),
        fc.constantFrom("none", "sundays") as fc.Arbitrary<"none" | "sundays">,
        limit,
        (worked, daily, weekly, rounding, premiumDays, contracted) => {
          const days = worked.map((w, i) => ({ ...w, date: addDays("2026-11-02", i) }));
          const summary = payElements(
            days,
            rules({
              dailyAfterMinutes: daily,
              weeklyAfterMinutes: weekly,
              roundingMinutes: rounding,
              premiumDays,
            }),
            { contractedWeeklyMinutes: contracted, hourlyRatePence: null },
          );
          for (const [i, paid] of summary.days.entries()) {
            const exact = days[i]?.workedMinutes ?? 0;
            expect(paid.basic + paid.overtime + paid.premium).toBe(paid.paidMinutes);
            expect(paid.paidMinutes).toBeGreaterThanOrEqual(exact);
            expect(paid.paidMinutes - exact).toBeLessThan(Math.max(1, (rounding ?? 1) / 2 + 1));
            expect(Math.min(paid.basic, paid.overtime, paid.premium)).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
