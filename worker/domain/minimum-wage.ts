import { dayNumberOf, type LocalDate } from "./time-zone";

// The National Minimum Wage and National Living Wage: the National Minimum Wage Act 1998 and the
// National Minimum Wage Regulations 2015 (SI 2015/621). Rates and sources: docs/compliance.md. A pay reference
// period's pay is checked against hours worked at the rate that applies to the worker on its first day (their age,
// or the apprenticeship rate), with living accommodation the employer provides counted as regs 14-16 say.

export const NMW_BANDS = ["21_and_over", "18_to_20", "16_to_17", "apprentice"] as const;
export type NmwBand = (typeof NMW_BANDS)[number];

/**
 * Hourly rates in pence, each in force from 1 April (regs 4 and 4A of the 2015 Regulations, amended every year).
 * Figures from GOV.UK, "National Minimum Wage and National Living Wage rates"; April 2024 is the first year the
 * National Living Wage starts at 21. Add each April's rates here; never replace a row, old periods still use it.
 */
export const NMW_RATES: readonly { from: LocalDate; pence: Record<NmwBand, number> }[] = [
  { from: "2024-04-01", pence: { "21_and_over": 1144, "18_to_20": 860, "16_to_17": 640, apprentice: 640 } },
  { from: "2025-04-01", pence: { "21_and_over": 1221, "18_to_20": 1000, "16_to_17": 755, apprentice: 755 } },
  { from: "2026-04-01", pence: { "21_and_over": 1271, "18_to_20": 1085, "16_to_17": 800, apprentice: 800 } },
];

/**
 * Age in whole years on a date: the birthday counts from its own day. Someone born on 29 February has a
 * birthday on 1 March in a common year, as "MM-DD" comparison gives.
 */
export function ageOn(dateOfBirth: LocalDate, date: LocalDate): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

function bandFor(age: number): NmwBand | null {
  if (age >= 21) return "21_and_over";
  if (age >= 18) return "18_to_20";
  if (age >= 16) return "16_to_17";
  return null;
}

/**
 * Whether the apprenticeship rate applies on `date` (reg 5(1)(b)): to an apprentice "within the first 12 months
 * after the commencement of that employment or under 19 years of age". The first 12 months after a start on
 * 15/09/2025 run to 14/09/2026 inclusive. Nothing before the apprenticeship starts; no date of birth: only the
 * first 12 months, as age cannot be told.
 */
export function apprenticeRateApplies(
  apprenticeshipStart: LocalDate | null,
  dateOfBirth: LocalDate | null,
  date: LocalDate,
): boolean {
  if (apprenticeshipStart === null || date < apprenticeshipStart) return false;
  const twelveMonthsOn = `${String(Number(apprenticeshipStart.slice(0, 4)) + 1).padStart(4, "0")}${apprenticeshipStart.slice(4)}`;
  if (date < twelveMonthsOn) return true;
  return dateOfBirth !== null && ageOn(dateOfBirth, date) < 19;
}

/**
 * The minimum hourly rate for a pay reference period starting on `periodStart`. Reg 4B: the rate is the one that
 * applies to the worker on the first day of the period, so a birthday that moves the worker into a higher band,
 * the end of an apprentice's first year and an April uprating inside a period all take effect from the next
 * period (a monthly period 16 March–15 April keeps the old rate throughout).
 *
 * - No date of birth: the 21-and-over rate, the highest, so that no shortfall is missed; `band` is null to say
 *   the band was assumed, not known (unless the apprentice rate applies, which does not depend on age then).
 * - Under 16: null. The minimum wage starts when a worker is over compulsory school age (in England, from the
 *   last Friday in June of the school year they turn 16); 16 is the nearest the date of birth can tell, so a
 *   16-year-old still at school is shown a rate they are not yet owed.
 * - An apprentice under 19, or of any age in the first 12 months of the apprenticeship: the apprenticeship rate,
 *   which displaces every other (reg 4A(2)).
 * - A period before the first rate in `NMW_RATES`: null (no rate known here).
 */
export function minimumRate(
  dateOfBirth: LocalDate | null,
  periodStart: LocalDate,
  apprenticeshipStart: LocalDate | null = null,
): { band: NmwBand | null; pencePerHour: number; from: LocalDate } | null {
  const rates = NMW_RATES.findLast((rate) => rate.from <= periodStart);
  if (!rates) return null;
  if (dateOfBirth !== null && bandFor(ageOn(dateOfBirth, periodStart)) === null) return null;
  if (apprenticeRateApplies(apprenticeshipStart, dateOfBirth, periodStart)) {
    return { band: "apprentice", pencePerHour: rates.pence.apprentice, from: rates.from };
  }
  if (dateOfBirth === null) return { band: null, pencePerHour: rates.pence["21_and_over"], from: rates.from };
  const band = bandFor(ageOn(dateOfBirth, periodStart)) as NmwBand;
  return { band, pencePerHour: rates.pence[band], from: rates.from };
}

/**
 * The accommodation offset in pence a day, each in force from 1 April (reg 16(1), amended every year), the rate
 * on a pay reference period's first day applying to it. GOV.UK, "National Minimum Wage and National Living Wage
 * rates" (accommodation offset), and GOV.UK's calculator data (docs/compliance.md).
 */
export const ACCOMMODATION_OFFSETS: readonly { from: LocalDate; pencePerDay: number }[] = [
  { from: "2024-04-01", pencePerDay: 999 },
  { from: "2025-04-01", pencePerDay: 1066 },
  { from: "2026-04-01", pencePerDay: 1110 },
];

/** The daily offset in force on a date, in pence; null before the first one known here. */
export const accommodationOffsetOn = (date: LocalDate): number | null =>
  ACCOMMODATION_OFFSETS.findLast((rate) => rate.from <= date)?.pencePerDay ?? null;

/** Living accommodation the employer provides: on how many days a week, and what it charges a week for it. */
export type Accommodation = { daysPerWeek: number; weeklyChargePence: number };

/**
 * What living accommodation does to a pay reference period's pay for the minimum wage (regs 9(1)(e), 14 and 16),
 * as a signed amount in pence:
 * - free: the offset for the days it is provided is added (the worker is paid in kind);
 * - charged at or below the offset: nothing either way;
 * - charged above it: the excess is taken off, as a reduction.
 * A period of other than seven days takes the week's days and charge pro rata (a 30-day month: 30/7 weeks), and a
 * fraction of a penny goes the worker's way: an addition rounds down, a reduction up. Null when no accommodation
 * is recorded or no offset is known for the period.
 */
export function accommodationAdjustment(
  accommodation: Accommodation | null,
  periodStart: LocalDate,
  periodDays: number,
): null | { offsetPence: number; chargePence: number; adjustmentPence: number } {
  if (accommodation === null || accommodation.daysPerWeek === 0) return null;
  const offset = accommodationOffsetOn(periodStart);
  if (offset === null) return null;
  // Sevenths of a penny, exactly, until the one rounding at the end.
  const offsetSevenths = offset * accommodation.daysPerWeek * periodDays;
  const chargeSevenths = accommodation.weeklyChargePence * periodDays;
  const adjustmentPence =
    chargeSevenths === 0
      ? Math.floor(offsetSevenths / 7)
      : chargeSevenths > offsetSevenths
        ? -Math.ceil((chargeSevenths - offsetSevenths) / 7)
        : 0;
  return {
    offsetPence: Math.floor(offsetSevenths / 7),
    chargePence: Math.ceil(chargeSevenths / 7),
    adjustmentPence,
  };
}

/** The days of a pay reference period, both ends included. */
export const periodDaysOf = (startDate: LocalDate, endDate: LocalDate) =>
  dayNumberOf(endDate) - dayNumberOf(startDate) + 1;

/**
 * What a pay reference period's pay falls short of the minimum wage by (reg 7: pay for the period divided by
 * hours worked in it must reach the rate). `workedMinutes` is the working time counted for the minimum wage: time
 * at work, so a break deducted automatically but worked through must be in it. `paidPence` is what the employer
 * pays for the period; living accommodation adjusts it (`accommodationAdjustment`) before the comparison. The
 * amount owed is the rate times the hours, rounded UP to a whole penny (the worker's side of a fraction). Null when
 * nothing is owed, or when the worker has no entitlement.
 */
export function minimumWageShortfall(input: {
  dateOfBirth: LocalDate | null;
  apprenticeshipStart: LocalDate | null;
  accommodation: Accommodation | null;
  periodStart: LocalDate;
  periodEnd: LocalDate;
  workedMinutes: number;
  paidPence: number;
}): null | {
  band: NmwBand | null;
  pencePerHour: number;
  requiredPence: number;
  paidPence: number;
  /** Added for free accommodation (positive) or taken off for a charge above the offset (negative); 0 for none. */
  accommodationPence: number;
  shortfallPence: number;
} {
  const rate = minimumRate(input.dateOfBirth, input.periodStart, input.apprenticeshipStart);
  if (!rate) return null;
  const requiredPence = Math.ceil((rate.pencePerHour * input.workedMinutes) / 60);
  const accommodationPence =
    accommodationAdjustment(
      input.accommodation,
      input.periodStart,
      periodDaysOf(input.periodStart, input.periodEnd),
    )?.adjustmentPence ?? 0;
  const countedPence = input.paidPence + accommodationPence;
  if (countedPence >= requiredPence) return null;
  return {
    band: rate.band,
    pencePerHour: rate.pencePerHour,
    requiredPence,
    paidPence: input.paidPence,
    accommodationPence,
    shortfallPence: requiredPence - countedPence,
  };
}
