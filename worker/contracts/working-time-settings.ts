import { z } from "zod";

// What an employer decides for the working-time checks (docs/compliance.md, "What the employer decides"): per
// location, the weekly rest's reference period and young workers' night work; per account, fixed 48-hour
// average reference periods.

/**
 * The sectors whose exception to young workers' night work (WTR reg 27A) a location may rely on; "none" for
 * none. The first six allow work in the restricted period except between midnight and 04:00; a hospital and
 * arts and sport allow it all night.
 */
export const YOUNG_NIGHT_SECTORS = [
  "none",
  "agriculture",
  "retail",
  "deliveries",
  "catering",
  "hospitality",
  "bakery",
  "hospital",
  "arts_and_sport",
] as const;
export type YoungNightSector = (typeof YOUNG_NIGHT_SECTORS)[number];

/** How the settings screen names each sector (short enough for a phone's select). */
export const YOUNG_NIGHT_SECTOR_NAMES: Record<YoungNightSector, string> = {
  none: "None of these",
  agriculture: "Agriculture",
  retail: "Retail",
  deliveries: "Postal or newspaper deliveries",
  catering: "Catering business",
  hospitality: "Hotel, pub, restaurant or bar",
  bakery: "Bakery",
  hospital: "Hospital or similar",
  arts_and_sport: "Arts, sport or advertising",
};

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** PUT /api/manager/compliance/{locationId}/working-time: any of the location's working-time choices. */
export const locationWorkingTimePatch = z
  .strictObject({
    weekly_rest_fortnightly: flag("weekly_rest_fortnightly"),
    young_night_sector: z.enum(YOUNG_NIGHT_SECTORS, {
      error: `young_night_sector must be one of: ${YOUNG_NIGHT_SECTORS.join(", ")}`,
    }),
    young_contract_after_22: flag("young_contract_after_22"),
    bank_holidays_from_leave: flag("bank_holidays_from_leave"),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, "Send at least one setting to change");
export type LocationWorkingTimePatch = z.infer<typeof locationWorkingTimePatch>;

export type LocationWorkingTime = {
  location_id: string;
  /** Adults' weekly rest may be taken as 48 hours (or two 24-hour rests) in each 14 days (reg 11(2)). */
  weekly_rest_fortnightly: boolean;
  young_night_sector: YoungNightSector;
  /** Young workers' contracts provide for work after 22:00: the restricted period is 23:00–07:00 (reg 6A). */
  young_contract_after_22: boolean;
  /** Bank holidays off count as regular-hours workers' statutory holiday taken (docs/compliance.md). */
  bank_holidays_from_leave: boolean;
};
export type LocationWorkingTimeResponse = { working_time: LocationWorkingTime };

export const REFERENCE_START_INVALID =
  "average_reference_start must be null (rolling periods) or a date as YYYY-MM-DD";

/** PUT /api/manager/compliance/settings: the account's choice of 48-hour average reference periods. */
export const accountWorkingTimeRequest = z.strictObject({
  average_reference_start: z.iso.date({ error: REFERENCE_START_INVALID }).nullable(),
});
export type AccountWorkingTimeRequest = z.infer<typeof accountWorkingTimeRequest>;

export type AccountWorkingTime = {
  /** YYYY-MM-DD: the first day of one of the successive 17-week periods (reg 4(3)(a)); null: any 17 weeks. */
  average_reference_start: string | null;
};
export type AccountWorkingTimeResponse = { working_time: AccountWorkingTime };

// --- Holiday (docs/compliance.md, "Holiday for every worker") ---

export const MAX_CARRY_OVER_WEEKS = 1.6;
export const LEAVE_YEAR_START_INVALID =
  "leave_year_start must be null (each worker's leave year runs from their start date) or a date as YYYY-MM-DD";
export const CARRY_OVER_INVALID = `carry_over_weeks must be a number of weeks from 0 to ${MAX_CARRY_OVER_WEEKS}, in tenths`;

/** PUT /api/manager/compliance/holiday-settings: the account's leave year and carry-over agreement. */
export const accountHolidayRequest = z.strictObject({
  leave_year_start: z.iso.date({ error: LEAVE_YEAR_START_INVALID }).nullable(),
  carry_over_weeks: z
    .number({ error: CARRY_OVER_INVALID })
    .min(0, CARRY_OVER_INVALID)
    .max(MAX_CARRY_OVER_WEEKS, CARRY_OVER_INVALID)
    .refine((weeks) => Math.abs(weeks * 10 - Math.round(weeks * 10)) < 1e-9, CARRY_OVER_INVALID),
  /** Left out: unchanged. */
  allow_requests_beyond_balance: z
    .boolean({ error: "allow_requests_beyond_balance must be true or false" })
    .optional(),
});
export type AccountHolidayRequest = z.infer<typeof accountHolidayRequest>;

export type AccountHoliday = {
  /** YYYY-MM-DD: leave years start on this day and month each year (WTR reg 13(3)(a)); null: each worker's start. */
  leave_year_start: string | null;
  /** Weeks of untaken holiday a relevant agreement carries into the next leave year (reg 13A(7)), 0 to 1.6. */
  carry_over_weeks: number;
  /** Staff may ask for more holiday than they have left (docs/staff-app.md); off by default. */
  allow_requests_beyond_balance: boolean;
};
export type AccountHolidayResponse = { holiday: AccountHoliday };
