import type { EmployeePayRequest } from "@contracts/pay";
import { accommodationOffsetOn } from "@domain/minimum-wage";
import { useId } from "react";
import { TermsField } from "./terms-field";
import { numberOrNull } from "./typed-number";

/** The minimum-wage part of the pay terms, as typed: "" for none. */
export type MinimumWageTerms = {
  apprenticeshipStart: string;
  accommodationDays: string;
  accommodationCharge: string;
};

export type MinimumWageField =
  | "apprenticeship_start"
  | "accommodation_days_per_week"
  | "accommodation_weekly_charge";

type Props = {
  value: MinimumWageTerms;
  onChange: (next: MinimumWageTerms) => void;
  /** The reason the last save was refused because of a field, if it was. */
  errorOf: (field: MinimumWageField) => string | null;
};

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * What the minimum-wage check needs beyond the date of birth (docs/compliance.md): when an apprenticeship began
 * (the apprenticeship rate applies under 19, or in its first 12 months), and living accommodation the employer
 * provides, set against the accommodation offset.
 */
export function MinimumWageFields({ value, onChange, errorOf }: Props) {
  const legendId = useId();
  const set = (change: Partial<MinimumWageTerms>) => onChange({ ...value, ...change });
  const offset = accommodationOffsetOn(new Date().toISOString().slice(0, 10));
  const offsetText = offset === null ? "the offset" : `the offset of ${pounds(offset)} a day`;
  return (
    <fieldset className="working-time" aria-labelledby={legendId}>
      <legend id={legendId}>Minimum wage</legend>
      <TermsField
        label="Apprenticeship started"
        type="date"
        value={value.apprenticeshipStart}
        onChange={(e) => set({ apprenticeshipStart: e.target.value })}
        hint="Empty if not an apprentice. The apprentice rate applies under 19, or in the first 12 months."
        error={errorOf("apprenticeship_start")}
      />
      <div className="field-row">
        <TermsField
          label="Accommodation days a week"
          type="number"
          inputMode="numeric"
          min={1}
          max={7}
          step={1}
          value={value.accommodationDays}
          onChange={(e) => set({ accommodationDays: e.target.value })}
          hint="Days you provide them a room; empty for none"
          error={errorOf("accommodation_days_per_week")}
        />
        <TermsField
          label="Accommodation charge a week (£)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value.accommodationCharge}
          onChange={(e) => set({ accommodationCharge: e.target.value })}
          hint={`0 if free. Only a charge above ${offsetText} counts against their pay.`}
          error={errorOf("accommodation_weekly_charge")}
        />
      </div>
    </fieldset>
  );
}

/** The request's minimum-wage fields, from what was typed. */
export const minimumWageBody = (value: MinimumWageTerms): Pick<EmployeePayRequest, MinimumWageField> => ({
  apprenticeship_start: value.apprenticeshipStart || null,
  accommodation_days_per_week: numberOrNull(value.accommodationDays),
  accommodation_weekly_charge: numberOrNull(value.accommodationCharge),
});
