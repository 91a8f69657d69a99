import { z } from "zod";
import { PAY_FREQUENCIES, type PayFrequency } from "../domain/pay-periods";

// How a location pays (issue 17): its pay schedule, and the pay periods the Hours tab and Timesheets offer.

export { PAY_FREQUENCIES, type PayFrequency };

export type PayRules = {
  location_id: string;
  pay_frequency: PayFrequency;
  /** YYYY-MM-DD: a period's first day; monthly periods start on its day of the month. */
  pay_anchor_date: string;
  /** ISO 8601; null until first saved (the defaults apply). */
  updated_at: string | null;
};

export type PayPeriodOption = { key: string; name: string; start_date: string; end_date: string };

export type PayRulesResponse = {
  pay_rules: PayRules;
  /** The pay period holding today, then the earlier ones back to September 2025 (at most 26), newest first. */
  pay_periods: PayPeriodOption[];
};

const frequencyMessage = `Pay frequency must be one of: ${PAY_FREQUENCIES.join(", ")}`;

export const payRulesRequest = z.strictObject({
  pay_frequency: z.enum(PAY_FREQUENCIES, { error: frequencyMessage }),
  pay_anchor_date: z.iso.date({ error: "The pay schedule's anchor must be a date as YYYY-MM-DD" }),
});
export type PayRulesRequest = z.infer<typeof payRulesRequest>;
