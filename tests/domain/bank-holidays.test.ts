import { describe, expect, it } from "vitest";
import {
  BANK_HOLIDAY_REGIONS,
  BANK_HOLIDAYS,
  BANK_HOLIDAYS_COVER_FROM,
  BANK_HOLIDAYS_COVER_UNTIL,
  BANK_HOLIDAYS_SOURCE,
  type BankHolidayRegion,
  bankHolidaysBetween,
  isBankHoliday,
} from "../../worker/domain/bank-holidays";
import { addDays, dayNumberOf, localDateOf, weekdayOf } from "../../worker/domain/time-zone";

// The GOV.UK bank holiday table (docs/bank-holidays.md). The first test reads the real clock: it fails once
// the table no longer reaches 12 months past the day the suite runs, which is the signal to renew it.

const today = () => localDateOf(Date.now(), "Europe/London");

const datesOf = (region: BankHolidayRegion) => BANK_HOLIDAYS[region].map((holiday) => holiday.date);

describe("bank holiday table", () => {
  it.each(BANK_HOLIDAY_REGIONS)(
    "%s covers today and the next 12 months (renew it when this fails)",
    (region) => {
      const yearAhead = addDays(today(), 365);
      expect(BANK_HOLIDAYS_COVER_FROM <= today()).toBe(true);
      expect(
        BANK_HOLIDAYS_COVER_UNTIL[region] >= yearAhead,
        `${region} is known only to ${BANK_HOLIDAYS_COVER_UNTIL[region]}, not ${yearAhead}: see docs/bank-holidays.md`,
      ).toBe(true);
    },
  );

  it.each(BANK_HOLIDAY_REGIONS)("%s lists real weekdays, in order, once each, inside its cover", (region) => {
    const dates = datesOf(region);
    expect(dates.length).toBeGreaterThan(0);
    let previous = "";
    for (const date of dates) {
      expect(() => dayNumberOf(date), date).not.toThrow();
      // A weekend date means a substitute day was missed: the bank holiday is the weekday GOV.UK lists.
      expect(weekdayOf(date), `${date} is at a weekend`).toBeLessThanOrEqual(5);
      expect(previous < date, `${previous} then ${date}`).toBe(true);
      previous = date;
    }
    expect((dates[0] ?? "") >= BANK_HOLIDAYS_COVER_FROM).toBe(true);
    expect(previous <= BANK_HOLIDAYS_COVER_UNTIL[region]).toBe(true);
    expect(BANK_HOLIDAYS[region].every((holiday) => holiday.title.trim() !== "")).toBe(true);
  });

  it("has each year's usual number of bank holidays (Scotland's extra one in 2026)", () => {
    const perYear = (region: BankHolidayRegion) => {
      const counts: Record<string, number> = {};
      for (const date of datesOf(region)) counts[date.slice(0, 4)] = (counts[date.slice(0, 4)] ?? 0) + 1;
      return counts;
    };
    expect(perYear("england-and-wales")).toEqual({ 2025: 8, 2026: 8, 2027: 8, 2028: 8 });
    expect(perYear("scotland")).toEqual({ 2025: 9, 2026: 10, 2027: 9, 2028: 9 });
    expect(perYear("northern-ireland")).toEqual({ 2025: 10, 2026: 10, 2027: 10, 2028: 10 });
  });

  it("names its source and when it was checked", () => {
    expect(BANK_HOLIDAYS_SOURCE.url).toBe("https://www.gov.uk/bank-holidays.json");
    expect(() => dayNumberOf(BANK_HOLIDAYS_SOURCE.checkedOn)).not.toThrow();
  });
});

describe("known bank holidays", () => {
  it.each(BANK_HOLIDAY_REGIONS)(
    "%s: Christmas 2026, Boxing Day on Monday 28th, the 2027 substitutes",
    (region) => {
      expect(bankHolidaysBetween(region, "2026-12-24", "2027-01-01").map((h) => h.date)).toEqual([
        "2026-12-25",
        "2026-12-28", // Boxing Day, Saturday 26th, moves to Monday
        "2027-01-01",
      ]);
      expect(bankHolidaysBetween(region, "2027-12-24", "2027-12-31")).toEqual([
        { date: "2027-12-27", title: "Christmas Day (substitute day)" },
        { date: "2027-12-28", title: "Boxing Day (substitute day)" },
      ]);
    },
  );

  it("England and Wales, 2027", () => {
    expect(bankHolidaysBetween("england-and-wales", "2027-01-01", "2027-12-31").map((h) => h.date)).toEqual([
      "2027-01-01",
      "2027-03-26", // Good Friday
      "2027-03-29", // Easter Monday
      "2027-05-03",
      "2027-05-31",
      "2027-08-30",
      "2027-12-27",
      "2027-12-28",
    ]);
  });

  it("Scotland: St Andrew's Day 2026, 2 January, the first Monday of August, no Easter Monday", () => {
    expect(isBankHoliday("scotland", "2026-11-30")).toBe(true); // a Monday
    expect(isBankHoliday("scotland", "2025-12-01")).toBe(true); // for Sunday 30 November 2025
    expect(isBankHoliday("scotland", "2027-01-04")).toBe(true); // 2 January 2027 is a Saturday
    expect(isBankHoliday("scotland", "2027-08-02")).toBe(true);
    expect(isBankHoliday("scotland", "2027-08-30")).toBe(false);
    expect(isBankHoliday("scotland", "2027-03-29")).toBe(false);
    expect(isBankHoliday("scotland", "2026-06-15")).toBe(true); // the one-off World Cup bank holiday
    expect(isBankHoliday("england-and-wales", "2026-11-30")).toBe(false);
    expect(isBankHoliday("england-and-wales", "2026-06-15")).toBe(false);
  });

  it("Northern Ireland: St Patrick's Day and the Boyne, with substitutes", () => {
    expect(isBankHoliday("northern-ireland", "2026-07-13")).toBe(true); // for Sunday 12 July 2026
    expect(isBankHoliday("northern-ireland", "2026-07-12")).toBe(false);
    expect(isBankHoliday("northern-ireland", "2027-07-12")).toBe(true);
    expect(isBankHoliday("northern-ireland", "2026-03-17")).toBe(true);
    expect(isBankHoliday("northern-ireland", "2027-03-17")).toBe(true);
    expect(isBankHoliday("england-and-wales", "2026-07-13")).toBe(false);
    expect(isBankHoliday("scotland", "2027-03-17")).toBe(false);
  });
});

describe("isBankHoliday and bankHolidaysBetween", () => {
  it("a weekend day whose holiday moved is not a bank holiday; an ordinary weekday is not", () => {
    expect(isBankHoliday("england-and-wales", "2026-12-26")).toBe(false);
    expect(isBankHoliday("england-and-wales", "2027-12-25")).toBe(false);
    expect(isBankHoliday("england-and-wales", "2026-11-24")).toBe(false);
    expect(isBankHoliday("england-and-wales", "2026-12-28")).toBe(true);
  });

  it("refuses text that is not a real date", () => {
    expect(() => isBankHoliday("england-and-wales", "2026-02-30")).toThrow(RangeError);
    expect(() => isBankHoliday("england-and-wales", "25/12/2026")).toThrow(RangeError);
    expect(() => bankHolidaysBetween("scotland", "2026-01-01", "2026-13-01")).toThrow(RangeError);
  });

  it("includes both ends, and returns none when the range is backwards", () => {
    expect(bankHolidaysBetween("england-and-wales", "2026-12-25", "2026-12-28").map((h) => h.date)).toEqual([
      "2026-12-25",
      "2026-12-28",
    ]);
    expect(bankHolidaysBetween("england-and-wales", "2026-12-28", "2026-12-25")).toEqual([]);
    expect(bankHolidaysBetween("northern-ireland", "2026-09-01", "2026-11-30")).toEqual([]);
  });
});
