import { PAY_FREQUENCIES, type PayFrequency, type PayRulesResponse, payRulesRequest } from "@contracts/pay";
import { hasFeature } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../../components/field";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { payRulesQuery, useSavePayRules } from "../api";
import { anchorHint, FREQUENCY_NAMES, scheduleText } from "../format";
import "../pay.css";

const SAVE_FAILED = "Could not save the pay schedule. Please try again.";

type Props = {
  locationId: string;
  plan: string;
  /** After a save: what was counted by the old pay periods is stale (the timesheets of a pay period). */
  onSaved?: () => void;
};

/**
 * The Hours tab's Pay schedule: how often the location pays, and from which day. Pro and Business change it;
 * Starter sees it with an upgrade hint. A failed read leaves it out, as the tab's other side cards.
 */
export function PayScheduleCard({ locationId, plan, onSaved }: Props) {
  const query = useQuery(payRulesQuery(locationId));
  if (!query.data) return null;
  return (
    <PaySchedule
      answer={query.data}
      locationId={locationId}
      locked={!hasFeature({ plan }, "payroll")}
      onSaved={onSaved}
    />
  );
}

type Form = { frequency: PayFrequency; anchor: string };

function PaySchedule({
  answer,
  locationId,
  locked,
  onSaved,
}: Omit<Props, "plan"> & { answer: PayRulesResponse; locked: boolean }) {
  const headingId = useId();
  const frequencyId = useId();
  const errorId = useId();
  const rules = answer.pay_rules;
  const current = answer.pay_periods[0];
  const [form, setForm] = useState<Form>({ frequency: rules.pay_frequency, anchor: rules.pay_anchor_date });
  const [error, setError] = useState<string | null>(null);
  const save = useSavePayRules(locationId);
  // Back to the saved schedule when it changes (after a save), not when the same one is fetched again.
  useEffect(() => {
    setForm({ frequency: rules.pay_frequency, anchor: rules.pay_anchor_date });
  }, [rules.pay_frequency, rules.pay_anchor_date]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!form.anchor) return setError("Choose the first day of a pay period.");
    const parsed = payRulesRequest.safeParse({ pay_frequency: form.frequency, pay_anchor_date: form.anchor });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? SAVE_FAILED);
    try {
      await save.mutateAsync(parsed.data);
    } catch (failure) {
      return setError(detailOr(failure, SAVE_FAILED));
    }
    toast.success("Pay schedule saved: pay periods follow it");
    onSaved?.();
  }

  return (
    <section className="card pay-schedule" aria-labelledby={headingId}>
      <h2 id={headingId}>Pay schedule</h2>
      <p className="muted">
        Timesheets are approved and locked one pay period at a time (Hours → Timesheets → Pay periods).
      </p>
      <dl className="facts pay-schedule__facts">
        <dt>Pay periods</dt>
        <dd>{scheduleText(rules)}</dd>
        {current && (
          <>
            <dt>Current pay period</dt>
            <dd>{current.name}</dd>
          </>
        )}
      </dl>
      {locked ? (
        <UpgradeNote feature="payroll" />
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="pay-schedule__fields">
            <div className="field">
              <label htmlFor={frequencyId}>Pay frequency</label>
              <select
                id={frequencyId}
                value={form.frequency}
                disabled={save.isPending}
                onChange={(e) => setForm((f) => ({ ...f, frequency: e.target.value as PayFrequency }))}
              >
                {PAY_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_NAMES[frequency]}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="First day of a pay period"
              type="date"
              value={form.anchor}
              required
              disabled={save.isPending}
              hint={anchorHint(form.frequency)}
              aria-invalid={error ? true : undefined}
              aria-errormessage={error ? errorId : undefined}
              onChange={(e) => setForm((f) => ({ ...f, anchor: e.target.value }))}
            />
          </div>
          {error && (
            <p id={errorId} className="notice notice--error pay-schedule__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--small" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save pay schedule"}
          </button>
        </form>
      )}
    </section>
  );
}
