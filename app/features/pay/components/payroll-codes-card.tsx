import {
  EXPORT_ELEMENT_NAMES,
  EXPORT_ELEMENTS,
  type ExportElement,
  MAPPED_FORMAT_NAMES,
  MAPPED_FORMATS,
  type MappedFormat,
  type PayrollSettings,
  payrollSettingsRequest,
} from "@contracts/payroll-settings";
import { hasFeature } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../../components/field";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { payrollSettingsQuery, useSavePayrollSettings } from "../api";
import { codeText } from "../format-codes";
import "../pay.css";

const SAVE_FAILED = "Could not save the payroll codes. Please try again.";

/** What each product's code is, under its name. */
const FORMAT_HINTS: Record<MappedFormat, string> = {
  brightpay:
    "Hours go in the column for their multiplier (×1 in normal hours), or in a payment of their own.",
  sage50: "Sage payment numbers (Company → Pay Elements). Overtime and premiums are factor payments in Sage.",
  xero: "Earnings rate names, exactly as in Xero. Rolled-up holiday pay: a rate per unit of £1.00.",
  staffology: "Pay codes, exactly as in Staffology (Settings → Pay Codes).",
};

/**
 * The Hours tab's Payroll codes: what each payroll product calls each pay element, for the whole account, and
 * whether rolled-up holiday pay is paid. The export shows the chosen format's codes beside it. Pro and
 * Business change them; Starter sees them with an upgrade hint.
 */
export function PayrollCodesCard({ plan }: { plan: string }) {
  const query = useQuery(payrollSettingsQuery());
  if (!query.data) return null;
  return <PayrollCodes settings={query.data.payroll_settings} locked={!hasFeature({ plan }, "payroll")} />;
}

function PayrollCodes({ settings, locked }: { settings: PayrollSettings; locked: boolean }) {
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const [form, setForm] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePayrollSettings();
  // Back to the saved values after a save, not on a refetch of the same ones.
  const saved = JSON.stringify(settings);
  useEffect(() => setForm(JSON.parse(saved) as PayrollSettings), [saved]);
  const busy = save.isPending;
  const setCode = (format: MappedFormat, element: ExportElement, code: string) =>
    setForm((f) => ({ ...f, codes: { ...f.codes, [format]: { ...f.codes[format], [element]: code } } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = payrollSettingsRequest.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SAVE_FAILED);
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      return setError(detailOr(failure, SAVE_FAILED));
    }
    toast.success("Payroll codes saved: every payroll export uses them");
  }

  return (
    <section className="card pay-codes" aria-labelledby={headingId}>
      <h2 id={headingId}>Payroll codes</h2>
      <p className="muted">
        What each payroll product calls each pay element, for all your locations. The Clocked payroll CSV uses
        each location's own pay codes (Overtime and pay codes).
      </p>
      {locked ? (
        <>
          <dl className="facts">
            {MAPPED_FORMATS.map((format) => (
              <div key={format} className="pay-codes__fact">
                <dt>{MAPPED_FORMAT_NAMES[format]}</dt>
                <dd>
                  {EXPORT_ELEMENTS.map(
                    (e) => `${EXPORT_ELEMENT_NAMES[e]}: ${codeText(format, e, settings)}`,
                  ).join(" · ")}
                </dd>
              </div>
            ))}
          </dl>
          <UpgradeNote feature="payroll" />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.rolled_up_holiday_pay}
              disabled={busy}
              aria-describedby={hintId}
              onChange={(e) => setForm((f) => ({ ...f, rolled_up_holiday_pay: e.target.checked }))}
            />
            Pay rolled-up holiday pay
          </label>
          <p id={hintId} className="field__hint">
            12.07% of each pay period's pay, as its own line in every payroll file, for irregular-hours and
            part-year workers at locations in Great Britain (not Northern Ireland). Their payslips must show
            it separately.
          </p>
          {MAPPED_FORMATS.map((format) => (
            <fieldset key={format} className="pay-overtime__group">
              <legend>{MAPPED_FORMAT_NAMES[format]}</legend>
              <p className="field__hint pay-overtime__codes-hint">{FORMAT_HINTS[format]}</p>
              <div className="pay-schedule__fields">
                {EXPORT_ELEMENTS.map((element) =>
                  format === "brightpay" ? (
                    <BrightPayPlace
                      key={element}
                      element={element}
                      value={form.codes.brightpay[element]}
                      busy={busy}
                      onChange={(code) => setCode("brightpay", element, code)}
                    />
                  ) : (
                    <Field
                      key={element}
                      label={capitalised(EXPORT_ELEMENT_NAMES[element])}
                      value={form.codes[format][element]}
                      inputMode={format === "sage50" ? "numeric" : undefined}
                      maxLength={100}
                      autoComplete="off"
                      spellCheck={false}
                      disabled={busy}
                      onChange={(e) => setCode(format, element, e.target.value)}
                    />
                  ),
                )}
              </div>
            </fieldset>
          ))}
          {error && (
            <p id={errorId} className="notice notice--error pay-schedule__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? "Saving..." : "Save payroll codes"}
          </button>
        </form>
      )}
    </section>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** BrightPay: basic is always normal hours and rolled-up holiday pay always a payment; the rest may choose. */
function BrightPayPlace(props: {
  element: ExportElement;
  value: string;
  busy: boolean;
  onChange: (code: string) => void;
}) {
  const id = useId();
  const fixed = props.element === "basic" || props.element === "rolled_up_holiday";
  return (
    <div className="field">
      <label htmlFor={id}>{capitalised(EXPORT_ELEMENT_NAMES[props.element])}</label>
      <select
        id={id}
        value={props.value}
        disabled={props.busy || fixed}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.element !== "rolled_up_holiday" && (
          <option value="column">
            {props.element === "basic" ? "Normal hours" : "Its multiplier's column"}
          </option>
        )}
        {props.element !== "basic" && <option value="payment">A payment of its own</option>}
      </select>
    </div>
  );
}
