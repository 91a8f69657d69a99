import {
  type BreakSettingsRequest,
  breakSettingsRequest,
  STANDARD_BREAK_MINUTES,
  WORKDAY_HOURS,
} from "@contracts/settings";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../../components/field";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { toast } from "../../../lib/toast";
import {
  AUTO_CLOSE_CHOICES,
  autoCloseLabel,
  type BreakSettings,
  type BreakSettingsForm,
  formOf,
} from "../break-settings-form";
import { BreakRule } from "./break-rule";

// Not imported from location-settings: this card is also the landing page's demo, which loads no API code.
const SAVE_CUSTOMIZATION_FAILED = "Error saving customization";

type Props = {
  settings: BreakSettings;
  /** Absent in the demo, or when the plan has no Daily Break Settings: the card is read-only. */
  onSave?: (settings: BreakSettingsRequest) => Promise<boolean>;
  /** The plan does not include Daily Break Settings: an upgrade hint instead of the form. */
  locked?: boolean;
};

export function BreakSettingsCard({ settings, onSave, locked }: Props) {
  const headingId = useId();
  const recordBreaksHintId = useId();
  const autoCloseId = useId();
  const [form, setForm] = useState<BreakSettingsForm>(() => formOf(settings));
  const [busy, setBusy] = useState(false);
  // Back to the saved values when they change (after a save), but not when the same values are fetched
  // again: a refetch must not wipe what the manager is typing.
  const saved = JSON.stringify(formOf(settings));
  useEffect(() => setForm(JSON.parse(saved) as BreakSettingsForm), [saved]);
  const readOnly = locked || !onSave;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!onSave) return;
    const parsed = breakSettingsRequest.safeParse({
      workday_hours: Number(form.hours),
      workday_start_time: form.start,
      workday_end_time: form.end,
      standard_break_minutes: Number(form.minutes),
      break_deduction_enabled: form.deduct,
      record_breaks: form.recordBreaks,
      auto_close_after_hours: form.autoClose === "" ? null : Number(form.autoClose),
    });
    if (!parsed.success)
      return void toast.error(parsed.error.issues[0]?.message ?? SAVE_CUSTOMIZATION_FAILED);
    setBusy(true);
    await onSave(parsed.data);
    setBusy(false);
  }

  return (
    <section className="card break-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Daily Break Settings</h2>
      <BreakRule
        minutes={settings.standard_break_minutes}
        enabled={settings.break_deduction_enabled}
        overrides={!locked}
        recorded={settings.record_breaks}
      />
      {locked ? (
        <>
          <dl className="facts">
            <dt>Standard workday</dt>
            <dd>
              {settings.workday_hours} hours ({settings.workday_start_time}–{settings.workday_end_time})
            </dd>
            <dt>Standard break</dt>
            <dd>{settings.standard_break_minutes} minutes</dd>
            <dt>Close forgotten clock-outs after</dt>
            <dd>{autoCloseLabel(settings.auto_close_after_hours)}</dd>
          </dl>
          <UpgradeNote feature="dailyBreakSettings" />
        </>
      ) : (
        // Our own checks (the product's messages) rather than the browser's bubbles.
        <form onSubmit={submit} noValidate>
          <div className="break-settings__fields">
            <Field
              label="Workday (hours)"
              type="number"
              inputMode="decimal"
              min={WORKDAY_HOURS.min}
              max={WORKDAY_HOURS.max}
              step={WORKDAY_HOURS.step}
              value={form.hours}
              disabled={readOnly}
              onChange={(e) => setForm((f) => ({ ...f, hours: e.target.value }))}
            />
            <Field
              label="Standard break (minutes)"
              type="number"
              inputMode="numeric"
              min={STANDARD_BREAK_MINUTES.min}
              max={STANDARD_BREAK_MINUTES.max}
              step={1}
              value={form.minutes}
              disabled={readOnly}
              onChange={(e) => setForm((f) => ({ ...f, minutes: e.target.value }))}
            />
            <Field
              label="Workday starts"
              type="time"
              value={form.start}
              disabled={readOnly}
              onChange={(e) => setForm((f) => ({ ...f, start: e.target.value }))}
            />
            <Field
              label="Workday ends"
              type="time"
              value={form.end}
              disabled={readOnly}
              onChange={(e) => setForm((f) => ({ ...f, end: e.target.value }))}
            />
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.deduct}
              disabled={readOnly}
              onChange={(e) => setForm((f) => ({ ...f, deduct: e.target.checked }))}
            />
            Deduct breaks automatically
          </label>
          <label className="checkbox break-settings__record">
            <input
              type="checkbox"
              checked={form.recordBreaks}
              disabled={readOnly}
              aria-describedby={recordBreaksHintId}
              onChange={(e) => setForm((f) => ({ ...f, recordBreaks: e.target.checked }))}
            />
            Record breaks at the kiosk
          </label>
          <p id={recordBreaksHintId} className="field__hint break-settings__hint">
            Staff can Start Break and End Break at the kiosk. Recorded breaks are unpaid time.
          </p>
          <div className="field break-settings__auto-close">
            <label htmlFor={autoCloseId}>Close forgotten clock-outs after</label>
            <select
              id={autoCloseId}
              value={form.autoClose}
              disabled={readOnly}
              aria-describedby={`${autoCloseId}-hint`}
              onChange={(e) => setForm((f) => ({ ...f, autoClose: e.target.value }))}
            >
              <option value="">{autoCloseLabel(null)}</option>
              {AUTO_CLOSE_CHOICES.map((hours) => (
                <option key={hours} value={String(hours)}>
                  {autoCloseLabel(hours)}
                </option>
              ))}
            </select>
            <p id={`${autoCloseId}-hint`} className="field__hint">
              A session still open this long is closed at the employee's workday length and flagged for
              review.
            </p>
          </div>
          <button type="submit" className="button button--small" disabled={readOnly || busy}>
            {busy ? "Saving..." : "Save break settings"}
          </button>
        </form>
      )}
    </section>
  );
}
