import { describe, expect, it } from "vitest";
import {
  availableMonths,
  resolveAnalyticsPeriod,
  resolveHoursPeriod,
  resolvePeriod,
} from "../../worker/domain/periods";
import { HOUR_MS } from "../../worker/domain/time-zone";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
/** Friday 20 November 2026, midday in London. */
const NOW = at("2026-11-20T12:00:00Z");

describe("this week", () => {
  it("runs from Monday 00:00 to the next Monday 00:00 in the location's zone", () => {
    expect(resolvePeriod("this_week", LONDON, NOW)).toEqual({
      key: "this_week",
      name: "This week",
      start: at("2026-11-16T00:00:00Z"),
      end: at("2026-11-23T00:00:00Z"),
      startDate: "2026-11-16",
      endDate: "2026-11-22",
    });
  });

  it("is 167 hours long in the week the clocks go forward, 169 when they go back", () => {
    const spring = resolvePeriod("this_week", LONDON, at("2026-03-29T12:00:00Z"));
    expect(spring).toMatchObject({ startDate: "2026-03-23", endDate: "2026-03-29" });
    expect(spring?.start).toBe(at("2026-03-23T00:00:00Z"));
    expect(spring?.end).toBe(at("2026-03-29T23:00:00Z")); // Monday 00:00 BST
    expect(((spring?.end ?? 0) - (spring?.start ?? 0)) / HOUR_MS).toBe(167);

    const autumn = resolvePeriod("this_week", LONDON, at("2026-10-21T12:00:00Z"));
    expect(autumn?.start).toBe(at("2026-10-18T23:00:00Z")); // Monday 00:00 BST
    expect(((autumn?.end ?? 0) - (autumn?.start ?? 0)) / HOUR_MS).toBe(169);
  });

  it("turns over at local midnight, not UTC midnight", () => {
    // 00:30 BST on Monday 30 March is still Sunday in UTC.
    const justAfter = resolvePeriod("this_week", LONDON, at("2026-03-29T23:30:00Z"));
    expect(justAfter?.startDate).toBe("2026-03-30");
    const justBefore = resolvePeriod("this_week", LONDON, at("2026-03-29T22:59:59Z"));
    expect(justBefore?.startDate).toBe("2026-03-23");
  });

  it("treats Sunday as the last day of the week", () => {
    const sunday = resolvePeriod("this_week", LONDON, at("2026-11-22T23:59:00Z"));
    expect(sunday?.startDate).toBe("2026-11-16");
  });

  it("uses the location's own zone", () => {
    // 22:00 on Sunday in New York is already Monday in London.
    const newYork = resolvePeriod("this_week", "America/New_York", at("2026-11-23T03:00:00Z"));
    expect(newYork).toMatchObject({ startDate: "2026-11-16", start: at("2026-11-16T05:00:00Z") });
    expect(resolvePeriod("this_week", LONDON, at("2026-11-23T03:00:00Z"))?.startDate).toBe("2026-11-23");
  });
});

describe("month periods", () => {
  it("covers a whole local month and names it", () => {
    expect(resolvePeriod("month_2026_3", LONDON, NOW)).toEqual({
      key: "month_2026_3",
      name: "March 2026",
      start: at("2026-03-01T00:00:00Z"),
      end: at("2026-03-31T23:00:00Z"), // 1 April 00:00 BST
      startDate: "2026-03-01",
      endDate: "2026-03-31",
    });
    expect(resolvePeriod("month_2025_12", LONDON, NOW)).toMatchObject({
      name: "December 2025",
      end: at("2026-01-01T00:00:00Z"),
      endDate: "2025-12-31",
    });
  });

  it("offers the current month, the whole of it", () => {
    expect(resolvePeriod("month_2026_11", LONDON, NOW)).toMatchObject({
      name: "November 2026",
      endDate: "2026-11-30",
      end: at("2026-12-01T00:00:00Z"),
    });
  });

  it("starts at September 2025", () => {
    expect(resolvePeriod("month_2025_9", LONDON, NOW)?.name).toBe("September 2025");
    expect(resolvePeriod("month_2025_8", LONDON, NOW)).toBeNull();
    expect(resolvePeriod("month_2024_12", LONDON, NOW)).toBeNull();
  });

  it("refuses months in the future, judged by the location's calendar", () => {
    expect(resolvePeriod("month_2026_12", LONDON, NOW)).toBeNull();
    expect(resolvePeriod("month_2027_1", LONDON, NOW)).toBeNull();
    // 22:00 on 31 October in New York is already November in London.
    const halloweenNight = at("2026-11-01T02:00:00Z");
    expect(resolvePeriod("month_2026_11", "America/New_York", halloweenNight)).toBeNull();
    expect(resolvePeriod("month_2026_11", LONDON, halloweenNight)?.name).toBe("November 2026");
  });

  it("refuses keys that are not exactly a known period", () => {
    const bad = [
      "month_2026_0",
      "month_2026_13",
      "month_2026_03",
      "month_2026_3_1",
      "month_26_3",
      "month_2026_",
      "MONTH_2026_3",
      " month_2026_3",
      "month_2026_3 ",
      "last_week",
      "this_year",
      "",
    ];
    for (const key of bad) expect(resolvePeriod(key, LONDON, NOW), key).toBeNull();
  });
});

describe("analytics periods", () => {
  it("runs the year to date from 1 January to now", () => {
    expect(resolvePeriod("ytd", LONDON, NOW)).toEqual({
      key: "ytd",
      name: "Year to date",
      start: at("2026-01-01T00:00:00Z"),
      end: NOW,
      startDate: "2026-01-01",
      endDate: "2026-11-20",
    });
  });

  it("runs this month over the whole local month", () => {
    expect(resolvePeriod("this_month", "Asia/Kolkata", NOW)).toMatchObject({
      name: "This month",
      start: at("2026-10-31T18:30:00Z"),
      end: at("2026-11-30T18:30:00Z"),
      startDate: "2026-11-01",
      endDate: "2026-11-30",
    });
  });

  it("keeps each screen to its own periods", () => {
    expect(resolveAnalyticsPeriod("ytd", LONDON, NOW)?.name).toBe("Year to date");
    expect(resolveAnalyticsPeriod("this_month", LONDON, NOW)?.name).toBe("This month");
    expect(resolveAnalyticsPeriod("this_week", LONDON, NOW)?.name).toBe("This week");
    expect(resolveAnalyticsPeriod("month_2026_3", LONDON, NOW)).toBeNull();

    expect(resolveHoursPeriod("this_week", LONDON, NOW)?.name).toBe("This week");
    expect(resolveHoursPeriod("month_2026_3", LONDON, NOW)?.name).toBe("March 2026");
    expect(resolveHoursPeriod("ytd", LONDON, NOW)).toBeNull();
    expect(resolveHoursPeriod("this_month", LONDON, NOW)).toBeNull();
  });
});

describe("months offered on the Hours tab", () => {
  it("lists September 2025 up to this month, newest first", () => {
    const months = availableMonths(LONDON, NOW);
    expect(months).toHaveLength(15);
    expect(months.slice(0, 3)).toEqual([
      { key: "month_2026_11", name: "November 2026" },
      { key: "month_2026_10", name: "October 2026" },
      { key: "month_2026_9", name: "September 2026" },
    ]);
    expect(months.slice(-5).map((m) => m.key)).toEqual([
      "month_2026_1",
      "month_2025_12",
      "month_2025_11",
      "month_2025_10",
      "month_2025_9",
    ]);
    for (const month of months) expect(resolveHoursPeriod(month.key, LONDON, NOW)?.name).toBe(month.name);
  });

  it("offers only September 2025 in September 2025, and nothing before it", () => {
    expect(availableMonths(LONDON, at("2025-09-10T09:00:00Z"))).toEqual([
      { key: "month_2025_9", name: "September 2025" },
    ]);
    expect(availableMonths(LONDON, at("2025-08-31T22:59:00Z"))).toEqual([]);
    // 00:30 BST on 1 September 2025.
    expect(availableMonths(LONDON, at("2025-08-31T23:30:00Z"))).toHaveLength(1);
  });
});
