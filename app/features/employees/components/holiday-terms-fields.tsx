import type { EmployeePay, EmployeePayRequest } from "@contracts/pay";
import { useId } from "react";
import { TermsField } from "./terms-field";

/** The holiday part of the pay terms, as typed: dates as YYYY-MM-DD, "" for none. */
export type HolidayTerms = { employmentStart: string; employmentEnd: string; daysPerWeek: string };

export type HolidayFieldName = "employment_start_date" | "employment_end_date" | "working_days_per_week";

type Props = {
  value: HolidayTerms;
  onChange: (next: HolidayTerms) => void;
  errorOf: (field: HolidayFieldName) => string | null;
};

export const holidayTermsOf = (terms: EmployeePay | null): HolidayTerms => ({
  employmentStart: terms?.employment_start_date ?? "",
  employmentEnd: terms?.employment_end_date ?? "",
  daysPerWeek: terms?.working_days_per_week == null ? "" : String(terms.working_days_per_week),
});

/**
 * What a worker's statutory holiday is worked out from (docs/compliance.md, "Holiday for every worker"): the
 * days they work a week (with the contracted hours above), and when their employment began and ended, which set
 * their leave year where the account has none and make a joiner's or leaver's holiday pro rata.
 */
export function HolidayTermsFields({ value, onChange, errorOf }: Props) {
  const legendId = useId();
  const set = (change: Partial<HolidayTerms>) => onChange({ ...value, ...change });
  return (
    <fieldset className="working-time" aria-labelledby={legendId}>
      <legend id={legendId}>Holiday</legend>
      <TermsField
        label="Days worked a week"
        inputMode="decimal"
        value={value.daysPerWeek}
        onChange={(e) => set({ daysPerWeek: e.target.value })}
        hint="For example 5, or 2.5: their holiday is 5.6 times this, at most 28 days"
        error={errorOf("working_days_per_week")}
      />
      <div className="field-row">
        <TermsField
          label="Employment started"
          type="date"
          value={value.employmentStart}
          onChange={(e) => set({ employmentStart: e.target.value })}
          hint="Empty: the day they were added here"
          error={errorOf("employment_start_date")}
        />
        <TermsField
          label="Employment ends"
          type="date"
          min={value.employmentStart || undefined}
          value={value.employmentEnd}
          onChange={(e) => set({ employmentEnd: e.target.value })}
          hint="Their last day, once known"
          error={errorOf("employment_end_date")}
        />
      </div>
    </fieldset>
  );
}

/** The request's holiday fields, from what was typed; a number that is not one is left to the contract. */
export const holidayTermsBody = (
  value: HolidayTerms,
): Pick<EmployeePayRequest, "employment_start_date" | "employment_end_date" | "working_days_per_week"> => ({
  employment_start_date: value.employmentStart || null,
  employment_end_date: value.employmentEnd || null,
  working_days_per_week: value.daysPerWeek.trim() === "" ? null : Number(value.daysPerWeek.trim()),
});
