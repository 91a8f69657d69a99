import {
  type Customization,
  type CustomizationPatch,
  customizationPatch,
  LATE_GRACE_MINUTES,
  NO_SHOW_MINUTES,
  rotaThresholdsProblem,
} from "@contracts/settings";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "../../../components/field";
import { toast } from "../../../lib/toast";

// The location's rota settings (docs/rota.md): when someone not in by their published shift's start is late,
// when they are a no-show (the managers are e-mailed), and whether pay goes by the rota.

type RotaSettings = Pick<Customization, "late_grace_minutes" | "no_show_minutes" | "pay_to_rota">;
type Form = { grace: string; noShow: string; payToRota: boolean };

const formOf = (s: RotaSettings): Form => ({
  grace: String(s.late_grace_minutes),
  noShow: String(s.no_show_minutes),
  payToRota: s.pay_to_rota,
});

type Props = { settings: RotaSettings; onSave: (patch: CustomizationPatch) => Promise<boolean> };

export function RotaSettingsCard({ settings, onSave }: Props) {
  const headingId = useId();
  const payHintId = useId();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [busy, setBusy] = useState(false);
  // Back to the saved values after a save, not when the same values are fetched again.
  const saved = JSON.stringify(formOf(settings));
  useEffect(() => setForm(JSON.parse(saved) as Form), [saved]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = customizationPatch.safeParse({
      late_grace_minutes: Number(form.grace),
      no_show_minutes: Number(form.noShow),
      pay_to_rota: form.payToRota,
    });
    if (!parsed.success)
      return void toast.error(parsed.error.issues[0]?.message ?? "Check the rota settings");
    const problem = rotaThresholdsProblem(Number(form.grace), Number(form.noShow));
    if (problem) return void toast.error(problem);
    setBusy(true);
    await onSave(parsed.data);
    setBusy(false);
  }

  return (
    <section className="card break-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Rota</h2>
      <p className="muted">
        Live Status shows who is late or a no-show by their published shift; managers are e-mailed about a
        no-show once.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="break-settings__fields">
          <Field
            label="Late after (minutes)"
            type="number"
            inputMode="numeric"
            min={LATE_GRACE_MINUTES.min}
            max={LATE_GRACE_MINUTES.max}
            step={1}
            value={form.grace}
            hint="Minutes after the shift's start"
            onChange={(e) => setForm((f) => ({ ...f, grace: e.target.value }))}
          />
          <Field
            label="No-show after (minutes)"
            type="number"
            inputMode="numeric"
            min={NO_SHOW_MINUTES.min}
            max={NO_SHOW_MINUTES.max}
            step={1}
            value={form.noShow}
            hint="More than the late minutes"
            onChange={(e) => setForm((f) => ({ ...f, noShow: e.target.value }))}
          />
        </div>
        <label className="checkbox break-settings__record">
          <input
            type="checkbox"
            checked={form.payToRota}
            aria-describedby={payHintId}
            onChange={(e) => setForm((f) => ({ ...f, payToRota: e.target.checked }))}
          />
          Pay to the rota
        </label>
        <p id={payHintId} className="field__hint break-settings__hint">
          A clock-in before the shift's start is paid from the start; time after its end is paid once a
          manager approves the overtime. The recorded punches never change.
        </p>
        <button type="submit" className="button button--small" disabled={busy}>
          {busy ? "Saving..." : "Save rota settings"}
        </button>
      </form>
    </section>
  );
}
