// A worker's statutory holiday for a leave year from their working pattern: 4 weeks (WTR 1998 reg 13; NI 2016
// reg 15) and 1.6 weeks more (reg 13A; NI reg 16), so 5.6 weeks, at most 28 days (reg 13A(3); NI reg 16(3)).
// Sources: docs/compliance.md, "Holiday for every worker".

export const STATUTORY_WEEKS = 5.6;
export const MAX_STATUTORY_DAYS = 28;

/** What the employer recorded of a worker's week: days and/or hours (minutes); either may be unknown. */
export type WorkingWeek = { daysPerWeek: number | null; weeklyMinutes: number | null };

/**
 * A whole leave year's statutory holiday in days and in minutes: 5.6 times the week, capped at 28 days, so a
 * six-day week gets 28 days, not 33.6, and its hours are cut by the same share (5/6 of 5.6 weeks' hours).
 */
export function fullYearEntitlement(week: WorkingWeek): { days: number | null; minutes: number | null } {
  const days =
    week.daysPerWeek === null ? null : Math.min(week.daysPerWeek * STATUTORY_WEEKS, MAX_STATUTORY_DAYS);
  const capShare = week.daysPerWeek !== null && week.daysPerWeek > 5 ? 5 / week.daysPerWeek : 1;
  const minutes =
    week.weeklyMinutes === null ? null : Math.round(week.weeklyMinutes * STATUTORY_WEEKS * capShare);
  return { days, minutes };
}

/**
 * Rounds part of a leave year's days up to the next half day: reg 13A(6) treats a fraction of a day other than a
 * half as a half day when it is less and as a whole day when it is more. Floating-point dust is ignored.
 */
export const upToHalfDay = (days: number) => Math.ceil(Math.round(days * 2 * 1e6) / 1e6) / 2;

/**
 * The statutory holiday of a leave year the worker is employed for `share` of (1: all of it): a joiner's and a
 * leaver's is pro rata (reg 13(5), reg 14), days rounded up to a half day, minutes to the minute.
 */
export function entitlementFor(
  week: WorkingWeek,
  share: number,
): { days: number | null; minutes: number | null } {
  const full = fullYearEntitlement(week);
  if (share >= 1) return full;
  return {
    days: full.days === null ? null : upToHalfDay(full.days * share),
    minutes: full.minutes === null ? null : Math.round(full.minutes * share),
  };
}
