import { BANK_HOLIDAY_REGIONS, type BankHolidayRegion } from "../contracts/pay";
import { dayNumberOf, type LocalDate } from "./time-zone";

// UK bank holidays (premium days), per GOV.UK's three divisions. Plain data and pure functions: no
// I/O, and nothing fetched at run time. Where the data came from and how to renew it: docs/bank-holidays.md.
//
// The dates are GOV.UK's (https://www.gov.uk/bank-holidays.json), substitute days included: when a bank
// holiday falls at a weekend the weekday GOV.UK lists instead is the bank holiday, and the weekend day is
// not. Titles are GOV.UK's; a substitute day's title ends "(substitute day)", as the GOV.UK page shows it
// (the JSON carries that in a separate "notes" field). One-off holidays (a coronation, a state funeral,
// Scotland's World Cup holiday on 15 June 2026) are announced at short notice: renew the table when one is.

// The regions are the API's vocabulary (worker/contracts/pay.ts); re-exported for the domain's callers.
export { BANK_HOLIDAY_REGIONS, type BankHolidayRegion };

export type BankHoliday = { readonly date: LocalDate; readonly title: string };

/** Where the table came from, and when it was last checked. */
export const BANK_HOLIDAYS_SOURCE = {
  url: "https://www.gov.uk/bank-holidays.json",
  page: "https://www.gov.uk/bank-holidays",
  checkedOn: "2026-11-24",
  /** How it was checked (the live URL could not be reached from where the table was built). */
  method:
    "GOV.UK's JSON as cached on 24-25 February 2026 by ministryofjustice/govuk-bank-holidays and " +
    "ministryofjustice/govuk-bank-holidays-rs (identical), plus Scotland's 15 June 2026 World Cup bank holiday " +
    "(Royal Proclamation of 3 February 2026), which GOV.UK added later; cross-checked against the statutory " +
    "rules with Easter computed, vacanza/holidays (July 2026) and third-party copies of the GOV.UK data.",
} as const;

/** The first date the table covers, in every region. */
export const BANK_HOLIDAYS_COVER_FROM: LocalDate = "2025-01-01";

/** The last date each region's table is known complete for (GOV.UK had published every year up to it). */
export const BANK_HOLIDAYS_COVER_UNTIL: Readonly<Record<BankHolidayRegion, LocalDate>> = {
  "england-and-wales": "2028-12-31",
  scotland: "2028-12-31",
  "northern-ireland": "2028-12-31",
};

/** Every bank holiday from BANK_HOLIDAYS_COVER_FROM to the region's BANK_HOLIDAYS_COVER_UNTIL, in date order. */
export const BANK_HOLIDAYS: Readonly<Record<BankHolidayRegion, readonly BankHoliday[]>> = {
  "england-and-wales": [
    // 2025
    { date: "2025-01-01", title: "New Year’s Day" },
    { date: "2025-04-18", title: "Good Friday" },
    { date: "2025-04-21", title: "Easter Monday" },
    { date: "2025-05-05", title: "Early May bank holiday" },
    { date: "2025-05-26", title: "Spring bank holiday" },
    { date: "2025-08-25", title: "Summer bank holiday" },
    { date: "2025-12-25", title: "Christmas Day" },
    { date: "2025-12-26", title: "Boxing Day" },
    // 2026
    { date: "2026-01-01", title: "New Year’s Day" },
    { date: "2026-04-03", title: "Good Friday" },
    { date: "2026-04-06", title: "Easter Monday" },
    { date: "2026-05-04", title: "Early May bank holiday" },
    { date: "2026-05-25", title: "Spring bank holiday" },
    { date: "2026-08-31", title: "Summer bank holiday" },
    { date: "2026-12-25", title: "Christmas Day" },
    { date: "2026-12-28", title: "Boxing Day (substitute day)" },
    // 2027
    { date: "2027-01-01", title: "New Year’s Day" },
    { date: "2027-03-26", title: "Good Friday" },
    { date: "2027-03-29", title: "Easter Monday" },
    { date: "2027-05-03", title: "Early May bank holiday" },
    { date: "2027-05-31", title: "Spring bank holiday" },
    { date: "2027-08-30", title: "Summer bank holiday" },
    { date: "2027-12-27", title: "Christmas Day (substitute day)" },
    { date: "2027-12-28", title: "Boxing Day (substitute day)" },
    // 2028
    { date: "2028-01-03", title: "New Year’s Day (substitute day)" },
    { date: "2028-04-14", title: "Good Friday" },
    { date: "2028-04-17", title: "Easter Monday" },
    { date: "2028-05-01", title: "Early May bank holiday" },
    { date: "2028-05-29", title: "Spring bank holiday" },
    { date: "2028-08-28", title: "Summer bank holiday" },
    { date: "2028-12-25", title: "Christmas Day" },
    { date: "2028-12-26", title: "Boxing Day" },
  ],
  scotland: [
    // 2025
    { date: "2025-01-01", title: "New Year’s Day" },
    { date: "2025-01-02", title: "2nd January" },
    { date: "2025-04-18", title: "Good Friday" },
    { date: "2025-05-05", title: "Early May bank holiday" },
    { date: "2025-05-26", title: "Spring bank holiday" },
    { date: "2025-08-04", title: "Summer bank holiday" },
    { date: "2025-12-01", title: "St Andrew’s Day (substitute day)" },
    { date: "2025-12-25", title: "Christmas Day" },
    { date: "2025-12-26", title: "Boxing Day" },
    // 2026
    { date: "2026-01-01", title: "New Year’s Day" },
    { date: "2026-01-02", title: "2nd January" },
    { date: "2026-04-03", title: "Good Friday" },
    { date: "2026-05-04", title: "Early May bank holiday" },
    { date: "2026-05-25", title: "Spring bank holiday" },
    { date: "2026-06-15", title: "World Cup bank holiday" },
    { date: "2026-08-03", title: "Summer bank holiday" },
    { date: "2026-11-30", title: "St Andrew’s Day" },
    { date: "2026-12-25", title: "Christmas Day" },
    { date: "2026-12-28", title: "Boxing Day (substitute day)" },
    // 2027
    { date: "2027-01-01", title: "New Year’s Day" },
    { date: "2027-01-04", title: "2nd January (substitute day)" },
    { date: "2027-03-26", title: "Good Friday" },
    { date: "2027-05-03", title: "Early May bank holiday" },
    { date: "2027-05-31", title: "Spring bank holiday" },
    { date: "2027-08-02", title: "Summer bank holiday" },
    { date: "2027-11-30", title: "St Andrew’s Day" },
    { date: "2027-12-27", title: "Christmas Day (substitute day)" },
    { date: "2027-12-28", title: "Boxing Day (substitute day)" },
    // 2028
    { date: "2028-01-03", title: "New Year’s Day (substitute day)" },
    { date: "2028-01-04", title: "2nd January (substitute day)" },
    { date: "2028-04-14", title: "Good Friday" },
    { date: "2028-05-01", title: "Early May bank holiday" },
    { date: "2028-05-29", title: "Spring bank holiday" },
    { date: "2028-08-07", title: "Summer bank holiday" },
    { date: "2028-11-30", title: "St Andrew’s Day" },
    { date: "2028-12-25", title: "Christmas Day" },
    { date: "2028-12-26", title: "Boxing Day" },
  ],
  "northern-ireland": [
    // 2025
    { date: "2025-01-01", title: "New Year’s Day" },
    { date: "2025-03-17", title: "St Patrick’s Day" },
    { date: "2025-04-18", title: "Good Friday" },
    { date: "2025-04-21", title: "Easter Monday" },
    { date: "2025-05-05", title: "Early May bank holiday" },
    { date: "2025-05-26", title: "Spring bank holiday" },
    { date: "2025-07-14", title: "Battle of the Boyne (Orangemen’s Day) (substitute day)" },
    { date: "2025-08-25", title: "Summer bank holiday" },
    { date: "2025-12-25", title: "Christmas Day" },
    { date: "2025-12-26", title: "Boxing Day" },
    // 2026
    { date: "2026-01-01", title: "New Year’s Day" },
    { date: "2026-03-17", title: "St Patrick’s Day" },
    { date: "2026-04-03", title: "Good Friday" },
    { date: "2026-04-06", title: "Easter Monday" },
    { date: "2026-05-04", title: "Early May bank holiday" },
    { date: "2026-05-25", title: "Spring bank holiday" },
    { date: "2026-07-13", title: "Battle of the Boyne (Orangemen’s Day) (substitute day)" },
    { date: "2026-08-31", title: "Summer bank holiday" },
    { date: "2026-12-25", title: "Christmas Day" },
    { date: "2026-12-28", title: "Boxing Day (substitute day)" },
    // 2027
    { date: "2027-01-01", title: "New Year’s Day" },
    { date: "2027-03-17", title: "St Patrick’s Day" },
    { date: "2027-03-26", title: "Good Friday" },
    { date: "2027-03-29", title: "Easter Monday" },
    { date: "2027-05-03", title: "Early May bank holiday" },
    { date: "2027-05-31", title: "Spring bank holiday" },
    { date: "2027-07-12", title: "Battle of the Boyne (Orangemen’s Day)" },
    { date: "2027-08-30", title: "Summer bank holiday" },
    { date: "2027-12-27", title: "Christmas Day (substitute day)" },
    { date: "2027-12-28", title: "Boxing Day (substitute day)" },
    // 2028
    { date: "2028-01-03", title: "New Year’s Day (substitute day)" },
    { date: "2028-03-17", title: "St Patrick’s Day" },
    { date: "2028-04-14", title: "Good Friday" },
    { date: "2028-04-17", title: "Easter Monday" },
    { date: "2028-05-01", title: "Early May bank holiday" },
    { date: "2028-05-29", title: "Spring bank holiday" },
    { date: "2028-07-12", title: "Battle of the Boyne (Orangemen’s Day)" },
    { date: "2028-08-28", title: "Summer bank holiday" },
    { date: "2028-12-25", title: "Christmas Day" },
    { date: "2028-12-26", title: "Boxing Day" },
  ],
};

const datesOf = (region: BankHolidayRegion) => new Set(BANK_HOLIDAYS[region].map((holiday) => holiday.date));
const DATES: Readonly<Record<BankHolidayRegion, ReadonlySet<LocalDate>>> = {
  "england-and-wales": datesOf("england-and-wales"),
  scotland: datesOf("scotland"),
  "northern-ireland": datesOf("northern-ireland"),
};

/**
 * Whether `date` (YYYY-MM-DD) is a bank holiday in `region`. Throws a RangeError for text that is not a real
 * date. A date outside BANK_HOLIDAYS_COVER_FROM..BANK_HOLIDAYS_COVER_UNTIL is not known to be one, so this
 * answers false for it: callers that must not guess check the cover first.
 */
export function isBankHoliday(region: BankHolidayRegion, date: LocalDate): boolean {
  dayNumberOf(date);
  return DATES[region].has(date);
}

/** The region's bank holidays from `from` to `to`, both included, in date order; none when `from` is later. */
export function bankHolidaysBetween(
  region: BankHolidayRegion,
  from: LocalDate,
  to: LocalDate,
): BankHoliday[] {
  dayNumberOf(from);
  dayNumberOf(to);
  return BANK_HOLIDAYS[region].filter((holiday) => from <= holiday.date && holiday.date <= to);
}
