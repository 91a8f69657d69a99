import type { BankHolidayRegion, PayFrequency, PayRules, PremiumDays } from "@contracts/pay";
import { formatDate, weekdayOf } from "@domain/time-zone";

// A pay schedule in words: "Weekly, from Monday", "Monthly, from the 25th", "Every 4 weeks from 01/09/2025".

export const FREQUENCY_NAMES: Record<PayFrequency, string> = {
  weekly: "Weekly",
  fortnightly: "Fortnightly",
  four_weekly: "Every 4 weeks",
  monthly: "Monthly",
};

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "1st", "2nd", "3rd", "4th" … "21st", "22nd", "23rd", "24th" … */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/** The schedule as the Pay schedule card says it. */
export function scheduleText(rules: Pick<PayRules, "pay_frequency" | "pay_anchor_date">): string {
  const anchor = rules.pay_anchor_date;
  switch (rules.pay_frequency) {
    case "weekly":
      return `Weekly, from ${WEEKDAYS[weekdayOf(anchor) - 1]}`;
    case "fortnightly":
      return `Every 2 weeks from ${formatDate(anchor)}`;
    case "four_weekly":
      return `Every 4 weeks from ${formatDate(anchor)}`;
    case "monthly":
      return `Monthly, from the ${ordinal(Number(anchor.slice(8, 10)))}`;
  }
}

/** What the anchor date means for a frequency: the hint under the date input. */
export function anchorHint(frequency: PayFrequency): string {
  switch (frequency) {
    case "weekly":
      return "Any day a pay period starts on: periods run 7 days from it, before and after.";
    case "fortnightly":
      return "Any day a pay period starts on: periods run 14 days from it, before and after.";
    case "four_weekly":
      return "Any day a pay period starts on: periods run 28 days from it, before and after.";
    case "monthly":
      return "Periods start on this day of every month, the 1st to the 28th (the 1st: calendar months).";
  }
}

// The overtime rules in words, for the Overtime and pay codes card.

export const PREMIUM_DAY_NAMES: Record<PremiumDays, string> = {
  none: "None",
  sundays: "Sundays",
  bank_holidays: "Bank holidays",
  sundays_and_bank_holidays: "Sundays and bank holidays",
};

export const BANK_HOLIDAY_REGION_NAMES: Record<BankHolidayRegion, string> = {
  "england-and-wales": "England and Wales",
  scotland: "Scotland",
  "northern-ireland": "Northern Ireland",
};

/** "Exact minutes", "1 minute", "15 minutes". */
export const roundingName = (minutes: number | null): string =>
  minutes === null ? "Exact minutes" : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;

/** "×1.5" */
export const multiplierText = (multiplier: number): string => `×${multiplier}`;

/** "8 hours", "7.5 hours", "1 hour". */
const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hour" : "hours"}`;

/** "After 8 hours a day or 40 hours a week, at ×1.5", or "None". */
export function overtimeText(
  rules: Pick<PayRules, "daily_overtime_after_hours" | "weekly_overtime_after_hours" | "overtime_multiplier">,
): string {
  const limits = [
    rules.daily_overtime_after_hours === null ? null : `${hoursText(rules.daily_overtime_after_hours)} a day`,
    rules.weekly_overtime_after_hours === null
      ? null
      : `${hoursText(rules.weekly_overtime_after_hours)} a week`,
  ].filter((limit) => limit !== null);
  if (limits.length === 0) return "None";
  return `After ${limits.join(" or ")}, at ${multiplierText(rules.overtime_multiplier)}`;
}

/** "Sundays and bank holidays (England and Wales), at ×2", or "None". */
export function premiumText(
  rules: Pick<PayRules, "premium_days" | "premium_multiplier" | "bank_holiday_region">,
): string {
  if (rules.premium_days === "none") return "None";
  const region =
    rules.premium_days === "sundays" ? "" : ` (${BANK_HOLIDAY_REGION_NAMES[rules.bank_holiday_region]})`;
  return `${PREMIUM_DAY_NAMES[rules.premium_days]}${region}, at ${multiplierText(rules.premium_multiplier)}`;
}
