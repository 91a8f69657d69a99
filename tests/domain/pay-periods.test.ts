import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAY_SCHEDULE,
  type PaySchedule,
  payPeriodOf,
  payPeriodStartingOn,
  payScheduleProblem,
  previousPayPeriod,
} from "../../worker/domain/pay-periods";
import { addDays, dayNumberOf, startOfLocalDate } from "../../worker/domain/time-zone";

// Pay periods for each frequency, across a year: every day of 2026 falls in exactly one period, periods
// follow one another with no gap, and each starts where the schedule says.

const everyDayOf2026 = () => {
  const days: string[] = [];
  for (let date = "2026-01-01"; date <= "2026-12-31"; date = addDays(date, 1)) days.push(date);
  return days;
};

/** The distinct periods that 2026's days fall in, in order. */
function periodsOf2026(schedule: PaySchedule) {
  const seen = new Map<string, { startDate: string; endDate: string }>();
  for (const date of everyDayOf2026()) {
    const period = payPeriodOf(schedule, date);
    expect(period.startDate <= date && date <= period.endDate).toBe(true);
    seen.set(period.startDate, period);
  }
  const periods = [...seen.values()];
  for (const [index, period] of periods.entries()) {
    const next = periods[index + 1];
    if (next) expect(next.startDate).toBe(addDays(period.endDate, 1));
  }
  return periods;
}

const length = (period: { startDate: string; endDate: string }) =>
  dayNumberOf(period.endDate) - dayNumberOf(period.startDate) + 1;

describe("pay periods", () => {
  it("weekly from Monday by default, 53 periods touching 2026", () => {
    const periods = periodsOf2026(DEFAULT_PAY_SCHEDULE);
    expect(periods).toHaveLength(53);
    expect(periods[0]).toEqual({ startDate: "2025-12-29", endDate: "2026-01-04" });
    expect(periods.every((p) => length(p) === 7 && new Date(`${p.startDate}T12:00Z`).getUTCDay() === 1)).toBe(
      true,
    );
  });

  it.each([
    ["fortnightly", 14, "2026-04-06", { startDate: "2025-12-29", endDate: "2026-01-11" }],
    ["four_weekly", 28, "2026-04-06", { startDate: "2025-12-15", endDate: "2026-01-11" }],
  ] as const)(
    "%s periods are %i days, counted from the anchor both ways",
    (frequency, days, anchor, first) => {
      const schedule = { frequency, anchorDate: anchor };
      const periods = periodsOf2026(schedule);
      expect(periods[0]).toEqual(first);
      expect(periods.every((p) => length(p) === days)).toBe(true);
      expect(payPeriodStartingOn(schedule, anchor)).toEqual({
        startDate: anchor,
        endDate: addDays(anchor, days - 1),
      });
    },
  );

  it("monthly on the 1st: calendar months, February's 28 days and December into the new year", () => {
    const schedule: PaySchedule = { frequency: "monthly", anchorDate: "2025-09-01" };
    const periods = periodsOf2026(schedule);
    expect(periods).toHaveLength(12);
    expect(periods[1]).toEqual({ startDate: "2026-02-01", endDate: "2026-02-28" });
    expect(periods[11]).toEqual({ startDate: "2026-12-01", endDate: "2026-12-31" });
  });

  it("monthly on the 25th: from the 25th to the 24th, across the year end", () => {
    const schedule: PaySchedule = { frequency: "monthly", anchorDate: "2026-01-25" };
    expect(payPeriodOf(schedule, "2026-01-10")).toEqual({ startDate: "2025-12-25", endDate: "2026-01-24" });
    expect(payPeriodOf(schedule, "2026-02-28")).toEqual({ startDate: "2026-02-25", endDate: "2026-03-24" });
    expect(payPeriodOf(schedule, "2026-12-31")).toEqual({ startDate: "2026-12-25", endDate: "2027-01-24" });
    expect(previousPayPeriod(schedule, payPeriodOf(schedule, "2026-03-01"))).toEqual({
      startDate: "2026-01-25",
      endDate: "2026-02-24",
    });
    expect(periodsOf2026(schedule)).toHaveLength(13);
  });

  it("knows which dates start a period, and refuses a monthly start after the 28th", () => {
    expect(payPeriodStartingOn(DEFAULT_PAY_SCHEDULE, "2026-11-16")).not.toBeNull();
    expect(payPeriodStartingOn(DEFAULT_PAY_SCHEDULE, "2026-11-17")).toBeNull();
    expect(payScheduleProblem({ frequency: "monthly", anchorDate: "2026-01-31" })).toBe(
      "A monthly pay period must start on day 1 to 28 of the month",
    );
    expect(payScheduleProblem({ frequency: "weekly", anchorDate: "2026-01-31" })).toBeNull();
  });

  it("run from local midnight to local midnight: the week of the October change is 169 hours in London", () => {
    const week = payPeriodOf(DEFAULT_PAY_SCHEDULE, "2026-10-25");
    const hours =
      (startOfLocalDate(addDays(week.endDate, 1), "Europe/London") -
        startOfLocalDate(week.startDate, "Europe/London")) /
      3_600_000;
    expect(week).toEqual({ startDate: "2026-10-19", endDate: "2026-10-25" });
    expect(hours).toBe(169);
  });
});
