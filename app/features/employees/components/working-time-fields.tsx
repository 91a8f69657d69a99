import type { EmployeePayRequest } from "@contracts/pay";
import { useId } from "react";
import { TermsField } from "./terms-field";

/** The working-time part of the pay terms, as typed: dates as YYYY-MM-DD, "" for none. */
export type WorkingTime = {
  dateOfBirth: string;
  irregularHours: boolean;
  optOutSigned: string;
  optOutWithdrawn: string;
};

type Props = {
  value: WorkingTime;
  onChange: (next: WorkingTime) => void;
  /** The reason the last save was refused because of a field, if it was. */
  errorOf: (field: "date_of_birth" | "opt_out_signed" | "opt_out_withdrawn") => string | null;
};

/** Today as a date input's `max`: none of these dates can be in the future. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * What the working-time checks need to know about an employee (Pro and Business): the date of birth (who is
 * a young worker, which minimum-wage band), whether they work irregular hours or part of the year (holiday
 * at 12.07% of hours worked), and the written opt-out from the 48-hour average week.
 */
export function WorkingTimeFields({ value, onChange, errorOf }: Props) {
  const legendId = useId();
  const set = (change: Partial<WorkingTime>) => onChange({ ...value, ...change });
  const max = today();
  return (
    <fieldset className="working-time" aria-labelledby={legendId}>
      <legend id={legendId}>Working time</legend>
      <TermsField
        label="Date of birth"
        type="date"
        max={max}
        value={value.dateOfBirth}
        onChange={(e) => set({ dateOfBirth: e.target.value })}
        hint="Private: only you, the account holder, can see it, and it is never shared with the AI assistant. It shows who is under 18 and which minimum wage applies."
        error={errorOf("date_of_birth")}
      />
      <label className="checkbox working-time__irregular">
        <input
          type="checkbox"
          checked={value.irregularHours}
          onChange={(e) => set({ irregularHours: e.target.checked })}
        />
        Works irregular hours or part of the year (holiday accrues at 12.07%)
      </label>
      <div className="field-row">
        <TermsField
          label="48-hour opt-out signed"
          type="date"
          max={max}
          value={value.optOutSigned}
          onChange={(e) => set({ optOutSigned: e.target.value })}
          hint="The day they signed a written opt-out"
          error={errorOf("opt_out_signed")}
        />
        <TermsField
          label="48-hour opt-out withdrawn"
          type="date"
          max={max}
          min={value.optOutSigned || undefined}
          value={value.optOutWithdrawn}
          onChange={(e) => set({ optOutWithdrawn: e.target.value })}
          hint="Empty while the opt-out stands"
          error={errorOf("opt_out_withdrawn")}
        />
      </div>
    </fieldset>
  );
}

/** The request's working-time fields, from what was typed. */
export const workingTimeBody = (
  value: WorkingTime,
): Pick<
  EmployeePayRequest,
  "date_of_birth" | "irregular_hours" | "opt_out_signed" | "opt_out_withdrawn"
> => ({
  date_of_birth: value.dateOfBirth || null,
  irregular_hours: value.irregularHours,
  opt_out_signed: value.optOutSigned || null,
  opt_out_withdrawn: value.optOutWithdrawn || null,
});
