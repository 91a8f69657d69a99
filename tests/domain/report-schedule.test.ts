import { describe, expect, it } from "vitest";
import {
  isReportRunTime,
  latestCompletedPeriod,
  nextReportRun,
  REPORT_SPREAD_MS,
  reportDelaySeconds,
  reportPeriodName,
  retryDelaySeconds,
} from "../../worker/domain/report-schedule";
import { DAY_MS, HOUR_MS } from "../../worker/domain/time-zone";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";

describe("when the Monday job runs", () => {
  it("runs at the cron that is 07:00 in London: 07:00 UTC in winter, 06:00 UTC in summer", () => {
    expect(isReportRunTime(at("2026-11-16T07:30:00Z"))).toBe(true); // 07:30 GMT
    expect(isReportRunTime(at("2026-11-16T06:00:00Z"))).toBe(false); // 06:00 GMT
    expect(isReportRunTime(at("2026-06-15T06:00:00Z"))).toBe(true); // 07:00 BST
    expect(isReportRunTime(at("2026-06-15T07:00:00Z"))).toBe(false); // 08:00 BST
  });

  it("does not run on other days", () => {
    expect(isReportRunTime(at("2026-11-17T07:30:00Z"))).toBe(false); // Tuesday
    expect(isReportRunTime(at("2026-11-15T07:30:00Z"))).toBe(false); // Sunday
  });

  it("runs exactly once every Monday of the year, across both clock changes", () => {
    let monday = at("2026-01-05T00:00:00Z");
    for (let week = 0; week < 104; week++, monday += 7 * DAY_MS) {
      const runs = [6, 7].filter((hour) => isReportRunTime(monday + hour * HOUR_MS));
      expect(runs, new Date(monday).toISOString()).toHaveLength(1);
    }
  });

  it("says when it runs next: Monday 07:00 London time", () => {
    expect(new Date(nextReportRun(at("2026-11-20T22:32:00Z"))).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    expect(new Date(nextReportRun(at("2026-11-23T07:00:00Z"))).toISOString()).toBe(
      "2026-11-30T07:00:00.000Z",
    );
    expect(new Date(nextReportRun(at("2026-11-23T06:59:00Z"))).toISOString()).toBe(
      "2026-11-23T07:00:00.000Z",
    );
    expect(new Date(nextReportRun(at("2026-03-27T12:00:00Z"))).toISOString()).toBe(
      "2026-03-30T06:00:00.000Z",
    );
  });
});

describe("which periods a run reports", () => {
  const MONDAY = at("2026-11-16T07:30:00Z");

  it("makes last week's, Monday to Sunday in the location's zone", () => {
    expect(latestCompletedPeriod("7_days", LONDON, MONDAY)).toMatchObject({
      key: "week_2026_11_09",
      name: "Week 09/11/2026 – 15/11/2026",
      startDate: "2026-11-09",
      endDate: "2026-11-15",
      start: at("2026-11-09T00:00:00Z"),
      end: at("2026-11-16T00:00:00Z"),
    });
  });

  it("gives the week of the autumn clock change its 169 hours", () => {
    const week = latestCompletedPeriod("7_days", LONDON, at("2026-10-26T07:30:00Z"));
    expect(week.startDate).toBe("2026-10-19");
    expect((week.end - week.start) / HOUR_MS).toBe(169);
  });

  it("makes fortnights in fixed pairs of weeks from 1 September 2025, a new one every other Monday", () => {
    expect(latestCompletedPeriod("14_days", LONDON, MONDAY)).toMatchObject({
      key: "fortnight_2026_10_26",
      startDate: "2026-10-26",
      endDate: "2026-11-08",
    });
    expect(latestCompletedPeriod("14_days", LONDON, at("2026-11-23T07:30:00Z"))).toMatchObject({
      key: "fortnight_2026_11_09",
      name: "Fortnight 09/11/2026 – 22/11/2026",
    });
    expect(latestCompletedPeriod("14_days", LONDON, at("2025-09-15T07:30:00Z")).startDate).toBe("2025-09-01");
  });

  it("makes last month's once it has ended, January included", () => {
    expect(latestCompletedPeriod("monthly", LONDON, at("2026-11-02T07:30:00Z"))).toMatchObject({
      key: "month_2026_10",
      name: "October 2026",
      startDate: "2026-10-01",
      endDate: "2026-10-31",
    });
    expect(latestCompletedPeriod("monthly", LONDON, at("2027-01-04T07:30:00Z")).key).toBe("month_2026_12");
  });

  it("uses the location's own calendar", () => {
    // Monday 07:30 in London is still Sunday night in Los Angeles: its last full week is the one before.
    const week = latestCompletedPeriod("7_days", "America/Los_Angeles", MONDAY);
    expect(week.startDate).toBe("2026-11-02");
    expect(week.start).toBe(at("2026-11-02T08:00:00Z"));
  });

  it("names stored reports the same way", () => {
    expect(reportPeriodName("monthly", "2026-10-01", "2026-10-31")).toBe("October 2026");
    expect(reportPeriodName("7_days", "2026-11-09", "2026-11-15")).toBe("Week 09/11/2026 – 15/11/2026");
  });
});

describe("how a run's messages are spread and retried", () => {
  const runAt = Date.parse("2026-11-16T07:00:00Z");
  const ids = Array.from({ length: 600 }, (_, i) => `location-${i}-${(i * 7919).toString(36)}`);

  it("gives each location a fixed slot in the run's first 50 minutes", () => {
    const delays = ids.map((id) => reportDelaySeconds(id, runAt, runAt));
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(REPORT_SPREAD_MS / 1000);
    }
    expect(ids.map((id) => reportDelaySeconds(id, runAt, runAt))).toEqual(delays);
  });

  it("spreads 600 locations evenly: no five-minute stretch holds more than twice its share", () => {
    const buckets = new Array(10).fill(0);
    for (const id of ids) buckets[Math.min(9, Math.floor(reportDelaySeconds(id, runAt, runAt) / 300))]++;
    expect(Math.max(...buckets)).toBeLessThanOrEqual(2 * (ids.length / 10));
    expect(Math.min(...buckets)).toBeGreaterThan(0);
  });

  it("counts the slot from the run's start, so a late page or a resend does not push it later", () => {
    const id = ids[3] ?? "";
    const onTime = reportDelaySeconds(id, runAt, runAt);
    expect(reportDelaySeconds(id, runAt, runAt + 60_000)).toBe(Math.max(0, onTime - 60));
    expect(reportDelaySeconds(id, runAt, runAt + REPORT_SPREAD_MS)).toBe(0);
  });

  it("waits longer after each failure, at most a quarter of an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });
});
