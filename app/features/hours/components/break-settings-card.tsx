import {
  AUTO_CLOSE_HOURS,
  type BreakSettingsRequest,
  breakSettingsRequest,
  type Customization,
  STANDARD_BREAK_MINUTES,
  WORKDAY_HOURS,
} from "@contracts/settings";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { UpgradeNote } from "../../../components/upgrade-hint";

// Not imported from location-settings: this card is also the landing page's demo, which loads no API code.
const SAVE_CUSTOMIZATION_FAILED = "Error saving customization";

type Props = {
  settings: Pick<Customization, keyof BreakSettingsRequest>;
  /** Absent in the demo, or when the plan has no Daily Break Settings: the card is read-only. */
  onSave?: (settings: BreakSettingsRequest) => Promise<boolean>;
  /** The plan does not include Daily Break Settings: an upgrade hint instead of the form. */
  locked?: boolean;
};

type Form = {
  hours: string;
  start: string;
  end: string;
  minutes: string;
  deduct: boolean;
  recordBreaks: boolean;
  /** Whole hours, or "" for never. */
  autoClose: string;
};

/** The choices for closing forgotten clock-outs: never, or 4 to 24 hours. */
const AUTO_CLOSE_CHOICES = Array.from(
  { length: AUTO_CLOSE_HOURS.max - AUTO_CLOSE_HOURS.min + 1 },
  (_, i) => AUTO_CLOSE_HOURS.min + i,
);

/** "Never" or "14 hours". */
const autoCloseLabel = (hours: number | null) => (hours === null ? "Never" : `${hours} hours`);

const formOf = (s: Props["settings"]): Form => ({
  hours: String(s.workday_hours),
  start: s.workday_start_time,
  end: s.workday_end_time,
  minutes: String(s.standard_break_minutes),
  deduct: s.break_deduction_enabled,
  recordBreaks: s.record_breaks,
  autoClose: s.auto_close_after_hours === null ? "" : String(s.auto_close_after_hours),
});

/** The rule, in the words the README uses. */
export function BreakRule(props: {
  minutes: number;
  enabled: boolean;
  overrides: boolean;
  recorded: boolean;
}) {
  const clocked = "Breaks clocked at the kiosk are unpaid, minute for minute.";
  if (!props.enabled) {
    const off = "Automatic break deduction is off: every minute worked counts.";
    return (
      <>
        <p className="muted">{props.recorded ? `${off} ${clocked}` : off}</p>
        <StatutoryBreak />
      </>
    );
  }
  const rule = `${props.minutes}-minute break is deducted once a day, only on days worked over 6 hours, and never more than the time worked`;
  return (
    <>
      <p className="muted">
        {props.recorded
          ? `${clocked} On a day without one, a ${rule}; such a day is marked “break assumed”.`
          : `A ${rule}.`}
        {props.overrides && " An employee's own break (Employees → Breaks) replaces it."}
      </p>
      <StatutoryBreak />
    </>
  );
}

/** What the law asks, beside what is configured: the deduction is pay, not the rest break itself. */
function StatutoryBreak() {
  return (
    <p className="muted small break-settings__law">
      The law: an adult who works more than 6 hours in a day is entitled to an uninterrupted rest break of at
      least 20 minutes (a worker under 18: 30 minutes after 4.5 hours), which need not be paid (Working Time
      Regulations 1998, reg 12). A deducted break is not proof that one was taken: only a break clocked at the
      kiosk shows that.
    </p>
  );
}

export function BreakSettingsCard({ settings, onSave, locked }: Props) {
  const headingId = useId();
  const recordBreaksHintId = useId();
  const autoCloseId = useId();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [busy, setBusy] = useState(false);
  // Back to the saved values when they change (after a save), but not when the same values are fetched
  // again: a refetch must not wipe what the manager is typing.
  const saved = JSON.stringify(formOf(settings));
  useEffect(() => setForm(JSON.parse(saved) as Form), [saved]);
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
