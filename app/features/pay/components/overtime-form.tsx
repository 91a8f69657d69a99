import { PAY_ELEMENTS, type PayRules, ROUNDING_STEPS } from "@contracts/pay";
import { useId } from "react";
import { Field } from "../../../components/field";
import { roundingName } from "../format";
import { useOvertimeForm } from "../use-overtime-form";
import { PremiumFields } from "./premium-fields";

const CODE_LABELS: Record<keyof PayRules["pay_codes"], string> = {
  basic: "Pay code: basic",
  overtime: "Pay code: overtime",
  premium: "Pay code: premium",
  unpaid_break: "Pay code: unpaid break",
};

/** The form of Overtime and pay codes, for a plan that may change them. */
export function OvertimeForm({ rules, locationId }: { rules: PayRules; locationId: string }) {
  const roundingId = useId();
  const { form, set, setCode, error, errorId, busy, submit, invalid } = useOvertimeForm(rules, locationId);
  return (
    // Our own checks (the API's messages) rather than the browser's bubbles.
    <form onSubmit={submit} noValidate>
      <fieldset className="pay-overtime__group">
        <legend>Overtime</legend>
        <div className="pay-schedule__fields">
          <Field
            label="Overtime after (hours a day)"
            type="number"
            inputMode="decimal"
            min={0.25}
            max={24}
            step={0.25}
            value={form.daily}
            disabled={busy}
            hint="Empty: no daily limit."
            {...invalid("daily_overtime_after_hours")}
            onChange={(e) => set("daily", e.target.value)}
          />
          <Field
            label="Overtime after (hours a week)"
            type="number"
            inputMode="decimal"
            min={0.25}
            max={168}
            step={0.25}
            value={form.weekly}
            disabled={busy}
            hint="Empty: no weekly limit. Weeks run Monday to Sunday."
            {...invalid("weekly_overtime_after_hours")}
            onChange={(e) => set("weekly", e.target.value)}
          />
          <Field
            label="Overtime multiplier"
            type="number"
            inputMode="decimal"
            min={1}
            max={4}
            step={0.01}
            value={form.overtimeMultiplier}
            disabled={busy}
            hint="1.5 is time and a half. BrightPay takes ×1.25, ×1.5, ×2, ×3 or ×4."
            {...invalid("overtime_multiplier")}
            onChange={(e) => set("overtimeMultiplier", e.target.value)}
          />
        </div>
      </fieldset>
      <PremiumFields form={form} set={set} busy={busy} invalid={invalid} />
      <div className="field pay-overtime__rounding">
        <label htmlFor={roundingId}>Round each day to</label>
        <select
          id={roundingId}
          value={form.rounding}
          disabled={busy}
          aria-describedby={`${roundingId}-hint`}
          onChange={(e) => set("rounding", e.target.value)}
        >
          <option value="">{roundingName(null)}</option>
          {ROUNDING_STEPS.map((step) => (
            <option key={step} value={String(step)}>
              {roundingName(step)}
            </option>
          ))}
        </select>
        <p id={`${roundingId}-hint`} className="field__hint">
          Each day's time worked, to the nearest step. It never rounds below the time worked: a day that would
          round down keeps its exact minutes.
        </p>
      </div>
      <fieldset className="pay-overtime__group">
        <legend>Pay codes</legend>
        <p className="field__hint pay-overtime__codes-hint">
          The codes the Clocked payroll CSV writes for this location. BrightPay, Sage, Xero and Staffology
          take theirs from Payroll codes.
        </p>
        <div className="pay-schedule__fields">
          {PAY_ELEMENTS.map((element) => (
            <Field
              key={element}
              label={CODE_LABELS[element]}
              value={form.codes[element]}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              {...invalid(`pay_codes.${element}`)}
              onChange={(e) => setCode(element, e.target.value)}
            />
          ))}
        </div>
      </fieldset>
      {error && (
        <p id={errorId} className="notice notice--error pay-schedule__error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button button--small" disabled={busy}>
        {busy ? "Saving..." : "Save overtime and pay codes"}
      </button>
    </form>
  );
}
