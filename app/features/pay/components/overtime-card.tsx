import {
  BANK_HOLIDAY_REGIONS,
  type BankHolidayRegion,
  PAY_ELEMENTS,
  type PayRules,
  PREMIUM_DAYS,
  type PremiumDays,
  payRulesRequest,
  ROUNDING_STEPS,
} from "@contracts/pay";
import { hasFeature } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { detailOr } from "../../../lib/api";
import { payRulesQuery, useSavePayRules } from "../api";
import {
  BANK_HOLIDAY_REGION_NAMES,
  overtimeText,
  PREMIUM_DAY_NAMES,
  premiumText,
  roundingName,
} from "../format";
import "../pay.css";

const SAVE_FAILED = "Could not save the overtime and pay codes. Please try again.";

type Props = { locationId: string; plan: string };

/**
 * The Hours tab's Overtime and pay codes: when time becomes overtime, which days are paid at a premium, how
 * each day is rounded, and what the location's payroll software calls each pay element. They shape the
 * payroll exports. Pro and Business change them; Starter sees them with an upgrade hint. A failed read
 * leaves the card out, as the tab's other side cards.
 */
export function OvertimeCard({ locationId, plan }: Props) {
  const query = useQuery(payRulesQuery(locationId));
  if (!query.data) return null;
  return (
    <Overtime
      rules={query.data.pay_rules}
      locationId={locationId}
      locked={!hasFeature({ plan }, "payroll")}
    />
  );
}

type Form = {
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

const formOf = (rules: PayRules): Form => ({
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

const CODE_LABELS: Record<keyof PayRules["pay_codes"], string> = {
  basic: "Pay code: basic",
  overtime: "Pay code: overtime",
  premium: "Pay code: premium",
  unpaid_break: "Pay code: unpaid break",
};

function Overtime({ rules, locationId, locked }: { rules: PayRules; locationId: string; locked: boolean }) {
  const headingId = useId();
  const premiumId = useId();
  const regionId = useId();
  const roundingId = useId();
  const errorId = useId();
  const [form, setForm] = useState<Form>(() => formOf(rules));
  // The message, and the field it is about (the request's path, "pay_codes.basic"); none for the server's.
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const save = useSavePayRules(locationId);
  // Back to the saved values when they change (after a save), not when the same ones are fetched again: a
  // refetch must not wipe what the manager is typing.
  const saved = JSON.stringify(formOf(rules));
  useEffect(() => setForm(JSON.parse(saved) as Form), [saved]);
  const busy = save.isPending;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

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

  return (
    <section className="card pay-overtime" aria-labelledby={headingId}>
      <h2 id={headingId}>Overtime and pay codes</h2>
      <p className="muted">
        How an approved pay period is split into basic, overtime and premium hours in the payroll export. An
        employee with contracted hours (Employees → Pay) gets overtime only beyond them.
      </p>
      {locked ? (
        <>
          <dl className="facts">
            <dt>Overtime</dt>
            <dd>{overtimeText(rules)}</dd>
            <dt>Premium days</dt>
            <dd>{premiumText(rules)}</dd>
            <dt>Round each day to</dt>
            <dd>{roundingName(rules.rounding_minutes)}</dd>
            <dt>Pay codes</dt>
            <dd>{PAY_ELEMENTS.map((element) => rules.pay_codes[element]).join(", ")}</dd>
          </dl>
          <UpgradeNote feature="payroll" />
        </>
      ) : (
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
          <fieldset className="pay-overtime__group">
            <legend>Premium pay</legend>
            <div className="pay-schedule__fields">
              <div className="field">
                <label htmlFor={premiumId}>Premium days</label>
                <select
                  id={premiumId}
                  value={form.premiumDays}
                  disabled={busy}
                  aria-describedby={`${premiumId}-hint`}
                  onChange={(e) => set("premiumDays", e.target.value as PremiumDays)}
                >
                  {PREMIUM_DAYS.map((days) => (
                    <option key={days} value={days}>
                      {PREMIUM_DAY_NAMES[days]}
                    </option>
                  ))}
                </select>
                <p id={`${premiumId}-hint`} className="field__hint">
                  All the time worked on these days is premium, not basic or overtime.
                </p>
              </div>
              <div className="field">
                <label htmlFor={regionId}>Bank holidays of</label>
                <select
                  id={regionId}
                  value={form.region}
                  disabled={busy}
                  onChange={(e) => set("region", e.target.value as BankHolidayRegion)}
                >
                  {BANK_HOLIDAY_REGIONS.map((region) => (
                    <option key={region} value={region}>
                      {BANK_HOLIDAY_REGION_NAMES[region]}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                label="Premium multiplier"
                type="number"
                inputMode="decimal"
                min={1}
                max={4}
                step={0.01}
                value={form.premiumMultiplier}
                disabled={busy}
                hint="From 1 to 4: 2 is double time."
                {...invalid("premium_multiplier")}
                onChange={(e) => set("premiumMultiplier", e.target.value)}
              />
            </div>
          </fieldset>
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
              Each day's time worked, to the nearest step. It never rounds below the time worked: a day that
              would round down keeps its exact minutes.
            </p>
          </div>
          <fieldset className="pay-overtime__group">
            <legend>Pay codes</legend>
            <p className="field__hint pay-overtime__codes-hint">
              As your payroll software names each element: a BrightPay column, a Sage payment number, a Xero
              earnings rate or a Staffology pay code.
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
                  onChange={(e) => {
                    const code = e.target.value;
                    setForm((f) => ({ ...f, codes: { ...f.codes, [element]: code } }));
                  }}
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
      )}
    </section>
  );
}
