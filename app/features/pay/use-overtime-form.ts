import { type BankHolidayRegion, type PayRules, type PremiumDays, payRulesRequest } from "@contracts/pay";
import { type FormEvent, useEffect, useId, useState } from "react";
import { detailOr } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useSavePayRules } from "./api";

const SAVE_FAILED = "Could not save the overtime and pay codes. Please try again.";

export type OvertimeValues = {
  /** Hours, or "" for no limit. */
  daily: string;
  weekly: string;
  overtimeMultiplier: string;
  premiumDays: PremiumDays;
  region: BankHolidayRegion;
  premiumMultiplier: string;
  /** "1", "5" or "15", or "" for exact minutes. */
  rounding: string;
  codes: PayRules["pay_codes"];
};

export const formOf = (rules: PayRules): OvertimeValues => ({
  daily: rules.daily_overtime_after_hours === null ? "" : String(rules.daily_overtime_after_hours),
  weekly: rules.weekly_overtime_after_hours === null ? "" : String(rules.weekly_overtime_after_hours),
  overtimeMultiplier: String(rules.overtime_multiplier),
  premiumDays: rules.premium_days,
  region: rules.bank_holiday_region,
  premiumMultiplier: String(rules.premium_multiplier),
  rounding: rules.rounding_minutes === null ? "" : String(rules.rounding_minutes),
  codes: rules.pay_codes,
});

/** A number typed in a field: "" is none (null); anything else as typed (not a number: NaN, refused). */
const hoursOrNull = (text: string) => (text.trim() === "" ? null : Number(text.trim()));

/** The API's message in the form's words: an empty field is what the API calls null. */
const inFormWords = (message: string) => message.replace("or null for none", "or empty for none");

/**
 * The Overtime and pay codes form's state (./components/overtime-form.tsx shows it): the fields as typed,
 * back to the saved values after a save, checked with the API's own contract before it is sent, and the one
 * message with the field it is about.
 */
export function useOvertimeForm(rules: PayRules, locationId: string) {
  const errorId = useId();
  const [form, setForm] = useState<OvertimeValues>(() => formOf(rules));
  // The message, and the field it is about (the request's path, "pay_codes.basic"); none for the server's.
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const save = useSavePayRules(locationId);
  // Back to the saved values when they change (after a save), not when the same ones are fetched again: a
  // refetch must not wipe what the manager is typing.
  const saved = JSON.stringify(formOf(rules));
  useEffect(() => setForm(JSON.parse(saved) as OvertimeValues), [saved]);
  const busy = save.isPending;
  const set = <K extends keyof OvertimeValues>(key: K, value: OvertimeValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // The schedule is the saved one: this card changes only its own fields.
    const parsed = payRulesRequest.safeParse({
      pay_frequency: rules.pay_frequency,
      pay_anchor_date: rules.pay_anchor_date,
      daily_overtime_after_hours: hoursOrNull(form.daily),
      weekly_overtime_after_hours: hoursOrNull(form.weekly),
      overtime_multiplier: Number(form.overtimeMultiplier),
      premium_days: form.premiumDays,
      premium_multiplier: Number(form.premiumMultiplier),
      bank_holiday_region: form.region,
      rounding_minutes: form.rounding === "" ? null : Number(form.rounding),
      pay_codes: form.codes,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({
        message: issue ? inFormWords(issue.message) : SAVE_FAILED,
        field: issue?.path.join(".") ?? null,
      });
    }
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      return setError({ message: detailOr(failure, SAVE_FAILED), field: null });
    }
    toast.success("Overtime and pay codes saved: payroll exports use them");
  }

  /** The field the message is about says so, and points at it. */
  const invalid = (field: string) =>
    error?.field === field ? ({ "aria-invalid": true, "aria-errormessage": errorId } as const) : {};

  const setCode = (element: keyof PayRules["pay_codes"], code: string) =>
    setForm((f) => ({ ...f, codes: { ...f.codes, [element]: code } }));
  return { form, set, setCode, error, errorId, busy, submit, invalid };
}

export type OvertimeForm = ReturnType<typeof useOvertimeForm>;
