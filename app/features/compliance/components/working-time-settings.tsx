import type { Location } from "@contracts/locations";
import {
  YOUNG_NIGHT_SECTOR_NAMES,
  YOUNG_NIGHT_SECTORS,
  type YoungNightSector,
} from "@contracts/working-time-settings";
import { formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { accountWorkingTimeQuery, useSaveWorkingTime, workingTimeQuery } from "../api";

// The choices the law leaves to the employer (docs/compliance.md, "What the employer decides"): weekly rest over
// 14 days and young workers' night work for this location, fixed 48-hour average periods for the account.

type Form = { fortnightly: boolean; sector: YoungNightSector; after22: boolean; referenceStart: string };

export function WorkingTimeSettings({ location }: { location: Location }) {
  const headingId = useId();
  const sectorId = useId();
  const fortnightHintId = useId();
  const after22HintId = useId();
  const here = useQuery(workingTimeQuery(location.id)).data?.working_time;
  const account = useQuery(accountWorkingTimeQuery).data?.working_time;
  const save = useSaveWorkingTime(location.id);
  const saved: Form | null =
    here && account
      ? {
          fortnightly: here.weekly_rest_fortnightly,
          sector: here.young_night_sector,
          after22: here.young_contract_after_22,
          referenceStart: account.average_reference_start ?? "",
        }
      : null;
  const [form, setForm] = useState<Form | null>(saved);
  // Back to the saved values when they change, not when the same values are fetched again.
  const savedKey = JSON.stringify(saved);
  useEffect(() => setForm(JSON.parse(savedKey) as Form | null), [savedKey]);

  if (!saved || !form) {
    return (
      <section className="card working-time-settings" aria-labelledby={headingId} aria-busy="true">
        <h2 id={headingId}>Working-time settings</h2>
        <p className="muted">Loading…</p>
      </section>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || !saved) return;
    const locationChanged =
      form.fortnightly !== saved.fortnightly ||
      form.sector !== saved.sector ||
      form.after22 !== saved.after22;
    const accountChanged = form.referenceStart !== saved.referenceStart;
    if (!locationChanged && !accountChanged)
      return void toast.info("Nothing to save: no setting was changed");
    try {
      await save.mutateAsync({
        location: locationChanged
          ? {
              weekly_rest_fortnightly: form.fortnightly,
              young_night_sector: form.sector,
              young_contract_after_22: form.after22,
            }
          : undefined,
        account: accountChanged ? { average_reference_start: form.referenceStart || null } : undefined,
      });
    } catch {
      return; // toasted by the mutation
    }
    toast.success("Working-time settings saved: the checks use them now");
  }

  const set = (change: Partial<Form>) => setForm((f) => (f ? { ...f, ...change } : f));
  return (
    <section className="card working-time-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Working-time settings</h2>
      <p className="muted card__subtitle">
        What you have decided for {location.name}. The checks follow the Working Time Regulations 1998 as they
        apply where you have not.
      </p>
      <form onSubmit={submit} noValidate>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.fortnightly}
            aria-describedby={fortnightHintId}
            onChange={(e) => set({ fortnightly: e.target.checked })}
          />
          Adults take their weekly rest over 14 days
        </label>
        <p id={fortnightHintId} className="field__hint">
          48 hours, or two 24-hour rests, in each fortnight, where you have decided so (reg 11(2)). Otherwise
          every adult needs 24 hours off in each week. Workers under 18 always need 48 hours each week.
        </p>
        <div className="field">
          <label htmlFor={sectorId}>Young workers at night: your sector</label>
          <select
            id={sectorId}
            value={form.sector}
            aria-describedby={`${sectorId}-hint`}
            onChange={(e) => set({ sector: e.target.value as YoungNightSector })}
          >
            {YOUNG_NIGHT_SECTORS.map((sector) => (
              <option key={sector} value={sector}>
                {YOUNG_NIGHT_SECTOR_NAMES[sector]}
              </option>
            ))}
          </select>
          <p id={`${sectorId}-hint`} className="field__hint">
            These sectors may use workers under 18 at night when no adult is available (reg 27A), never
            between 00:00 and 04:00 except in a hospital or in cultural, artistic, sporting or advertising
            work.
          </p>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.after22}
            aria-describedby={after22HintId}
            onChange={(e) => set({ after22: e.target.checked })}
          />
          Young workers' contracts here provide for work after 22:00
        </label>
        <p id={after22HintId} className="field__hint">
          Their restricted period is then 23:00–07:00 instead of 22:00–06:00 (reg 6A).
        </p>
        <Field
          label="48-hour average: fixed 17-week periods from"
          type="date"
          value={form.referenceStart}
          onChange={(e) => set({ referenceStart: e.target.value })}
          hint={
            form.referenceStart
              ? `Successive 17-week periods from ${formatDate(form.referenceStart)}, for every location. Empty it for any 17 weeks.`
              : "Empty: any 17 weeks (rolling). Set a date only where an agreement fixes successive periods; it applies to every location."
          }
        />
        <button type="submit" className="button button--small" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save working-time settings"}
        </button>
      </form>
    </section>
  );
}
