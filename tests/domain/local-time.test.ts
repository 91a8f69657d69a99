import { describe, expect, it } from "vitest";
import {
  isCalendarDate,
  localDate,
  localDayBounds,
  localTime,
  localTimeLabel,
  safeTimeZone,
  startOfLocalDay,
} from "../../worker/domain/local-time";

const LONDON = "Europe/London";
const at = (iso: string) => Date.parse(iso);

describe("a location's local day", () => {
  it("starts at midnight GMT in winter and at 23:00 UTC the day before in summer", () => {
    expect(new Date(startOfLocalDay("2026-01-15", LONDON)).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(new Date(startOfLocalDay("2026-07-15", LONDON)).toISOString()).toBe("2026-07-14T23:00:00.000Z");
  });

  it("is 23 hours long when the clocks go forward and 25 when they go back", () => {
    const spring = localDayBounds(at("2026-03-29T12:00:00Z"), LONDON);
    expect(spring.date).toBe("2026-03-29");
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = localDayBounds(at("2026-10-25T12:00:00Z"), LONDON);
    expect(new Date(autumn.start).toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });

  it("puts 23:30 UTC on a summer evening on the next local date", () => {
    expect(localDate(at("2026-07-14T23:30:00Z"), LONDON)).toBe("2026-07-15");
    expect(localDate(at("2026-01-14T23:30:00Z"), LONDON)).toBe("2026-01-14");
  });

  it("works for other zones too", () => {
    expect(new Date(startOfLocalDay("2026-07-15", "America/New_York")).toISOString()).toBe(
      "2026-07-15T04:00:00.000Z",
    );
    expect(new Date(startOfLocalDay("2026-07-15", "Asia/Kolkata")).toISOString()).toBe(
      "2026-07-14T18:30:00.000Z",
    );
  });

  it("falls back to Europe/London for an unknown zone", () => {
    expect(safeTimeZone("Mars/Olympus_Mons")).toBe(LONDON);
    expect(safeTimeZone(null)).toBe(LONDON);
    expect(safeTimeZone("Europe/Paris")).toBe("Europe/Paris");
  });
});

describe("what the kiosk and dashboard show", () => {
  it("shows local wall-clock times on a 24-hour clock", () => {
    expect(localTime(at("2026-07-15T08:02:59Z"), LONDON)).toBe("09:02");
    expect(localTime(at("2026-01-15T08:02:00Z"), LONDON)).toBe("08:02");
    expect(localTime(at("2026-07-14T23:05:00Z"), LONDON)).toBe("00:05");
  });

  it("adds the day to times that are not today", () => {
    expect(localTimeLabel(at("2026-07-15T08:02:00Z"), "2026-07-15", LONDON)).toBe("09:02");
    expect(localTimeLabel(at("2026-07-14T08:02:00Z"), "2026-07-15", LONDON)).toBe("14/07 09:02");
  });

  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-7-1")).toBe(false);
  });
});
