import { describe, expect, it } from "vitest";
import {
  addDays,
  formatDate,
  formatDateAt,
  formatTimeAt,
  HOUR_MS,
  isValidTimeZone,
  localDateOf,
  startOfLocalDate,
  weekdayOf,
} from "../../worker/domain/time-zone";

const at = (iso: string) => Date.parse(iso);
const LONDON = "Europe/London";
const dayLengthHours = (date: string, zone: string) =>
  (startOfLocalDate(addDays(date, 1), zone) - startOfLocalDate(date, zone)) / HOUR_MS;

describe("local dates in a location's time zone", () => {
  it("puts an instant on the date the location's wall calendar shows", () => {
    expect(localDateOf(at("2026-06-30T23:30:00Z"), LONDON)).toBe("2026-07-01");
    expect(localDateOf(at("2026-12-31T23:30:00Z"), LONDON)).toBe("2026-12-31");
    expect(localDateOf(at("2026-11-20T03:00:00Z"), "America/New_York")).toBe("2026-11-19");
    expect(localDateOf(at("2026-11-20T18:29:59Z"), "Asia/Kolkata")).toBe("2026-11-20");
    expect(localDateOf(at("2026-11-20T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-21");
  });

  it("starts a London day at local midnight in GMT and in BST", () => {
    expect(startOfLocalDate("2026-01-15", LONDON)).toBe(at("2026-01-15T00:00:00Z"));
    expect(startOfLocalDate("2026-07-15", LONDON)).toBe(at("2026-07-14T23:00:00Z"));
    expect(startOfLocalDate("2026-07-15", "Asia/Kolkata")).toBe(at("2026-07-14T18:30:00Z"));
  });

  it("makes the spring-forward Sunday 23 hours and the autumn one 25 hours in London", () => {
    expect(dayLengthHours("2026-03-28", LONDON)).toBe(24);
    expect(dayLengthHours("2026-03-29", LONDON)).toBe(23);
    expect(dayLengthHours("2026-10-25", LONDON)).toBe(25);
    expect(dayLengthHours("2026-10-26", LONDON)).toBe(24);
    expect(dayLengthHours("2026-03-08", "America/New_York")).toBe(23);
    expect(dayLengthHours("2026-11-01", "America/New_York")).toBe(25);
  });

  it("keeps the whole autumn Sunday, both 01:30s included, on one date", () => {
    expect(localDateOf(at("2026-10-25T00:30:00Z"), LONDON)).toBe("2026-10-25"); // 01:30 BST
    expect(localDateOf(at("2026-10-25T01:30:00Z"), LONDON)).toBe("2026-10-25"); // 01:30 GMT
    expect(localDateOf(at("2026-10-25T23:59:59Z"), LONDON)).toBe("2026-10-25");
    expect(localDateOf(at("2026-10-26T00:00:00Z"), LONDON)).toBe("2026-10-26");
  });

  it("starts a day at 01:00 where the clocks jump over midnight", () => {
    // Chile springs forward at 24:00 on the first Saturday of September: 00:00 never happens.
    const start = startOfLocalDate("2026-09-06", "America/Santiago");
    expect(formatTimeAt(start, "America/Santiago")).toBe("01:00");
    expect(localDateOf(start - 1, "America/Santiago")).toBe("2026-09-05");
    expect(dayLengthHours("2026-09-06", "America/Santiago")).toBe(23);
  });

  it("adds days across month, year and leap-day ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-29", 7)).toBe("2026-04-05");
  });

  it("numbers weekdays Monday 1 to Sunday 7", () => {
    expect(weekdayOf("2026-11-16")).toBe(1);
    expect(weekdayOf("2026-11-20")).toBe(5);
    expect(weekdayOf("2026-11-22")).toBe(7);
    expect(weekdayOf("1969-12-29")).toBe(1);
  });

  it("refuses dates that are not on the calendar", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "20/11/2026", "2026-1-5", ""]) {
      expect(() => addDays(bad, 1)).toThrow(RangeError);
    }
  });

  it("formats UK dates and 24-hour clock times in the location's zone", () => {
    expect(formatDate("2026-03-05")).toBe("05/03/2026");
    expect(formatDateAt(at("2026-07-31T23:15:00Z"), LONDON)).toBe("01/08/2026");
    expect(formatTimeAt(at("2026-07-31T23:15:59Z"), LONDON)).toBe("00:15");
    expect(formatTimeAt(at("2026-01-31T23:15:00Z"), LONDON)).toBe("23:15");
    expect(formatTimeAt(at("2026-01-31T23:15:00Z"), "Asia/Kolkata")).toBe("04:45");
  });

  it("shows the right clock on both sides of a clock change", () => {
    expect(formatTimeAt(at("2026-03-29T00:59:00Z"), LONDON)).toBe("00:59");
    expect(formatTimeAt(at("2026-03-29T01:00:00Z"), LONDON)).toBe("02:00");
    expect(formatTimeAt(at("2026-10-25T00:59:00Z"), LONDON)).toBe("01:59");
    expect(formatTimeAt(at("2026-10-25T01:00:00Z"), LONDON)).toBe("01:00");
  });

  it("knows which time zones exist", () => {
    expect(isValidTimeZone(LONDON)).toBe(true);
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(() => localDateOf(0, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});
