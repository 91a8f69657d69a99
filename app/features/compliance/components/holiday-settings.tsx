import type { Location } from "@contracts/locations";
import { accountHolidayRequest, MAX_CARRY_OVER_WEEKS } from "@contracts/working-time-settings";
import { formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { accountHolidayQuery, useSaveHolidaySettings, workingTimeQuery } from "../api";

// The holiday choices the law leaves to the employer (docs/compliance.md, "Holiday for every worker"): the leave
// year and carry-over a relevant agreement sets, for the account, and whether this location's bank holidays off
// come out of the statutory 5.6 weeks.

type Form = { leaveYearStart: string; carryOver: string; bankHolidays: boolean; beyondBalance: boolean };

export function HolidaySettings({ location }: { location: Location }) {
  const headingId = useId();
  const bankHintId = useId();
  const beyondHintId = useId();
  const here = useQuery(workingTimeQuery(location.id)).data?.working_time;
  const account = useQuery(accountHolidayQuery).data?.holiday;
  const save = useSaveHolidaySettings(location.id);
  const saved: Form | null =
    here && account
      ? {
          leaveYearStart: account.leave_year_start ?? "",
          carryOver: String(account.carry_over_weeks),
          bankHolidays: here.bank_holidays_from_leave,
          beyondBalance: account.allow_requests_beyond_balance,
        }
      : null;
  const [form, setForm] = useState<Form | null>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const savedKey = JSON.stringify(saved);
  useEffect(() => setForm(JSON.parse(savedKey) as Form | null), [savedKey]);

  if (!saved || !form) {
    return (
      <section className="card working-time-settings" aria-labelledby={headingId} aria-busy="true">
        <h2 id={headingId}>Holiday settings</h2>
        <p className="muted">Loading…</p>
      </section>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form || !saved) return;
    setProblem(null);
    const request = accountHolidayRequest.safeParse({
      leave_year_start: form.leaveYearStart || null,
      carry_over_weeks: form.carryOver.trim() === "" ? 0 : Number(form.carryOver),
      allow_requests_beyond_balance: form.beyondBalance,
    });
    if (!request.success) return setProblem(request.error.issues[0]?.message ?? null);
    const accountChanged =
      form.leaveYearStart !== saved.leaveYearStart ||
      Number(form.carryOver) !== Number(saved.carryOver) ||
      form.beyondBalance !== saved.beyondBalance;
    const bankChanged = form.bankHolidays !== saved.bankHolidays;
    if (!accountChanged && !bankChanged) return void toast.info("Nothing to save: no setting was changed");
    try {
      await save.mutateAsync({
        account: accountChanged ? request.data : undefined,
        bankHolidaysFromLeave: bankChanged ? form.bankHolidays : undefined,
      });
    } catch {
      return; // toasted by the mutation
    }
    toast.success("Holiday settings saved: every balance uses them now");
  }

  const set = (change: Partial<Form>) => setForm((f) => (f ? { ...f, ...change } : f));
  return (
    <section className="card working-time-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Holiday settings</h2>
      <p className="muted card__subtitle">
        The statutory 5.6 weeks a year (Working Time Regulations 1998, regs 13 and 13A), as your agreements
        set them.
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Leave year starts on"
          type="date"
          value={form.leaveYearStart}
          onChange={(e) => set({ leaveYearStart: e.target.value })}
          hint={
            form.leaveYearStart
              ? `Every year from ${formatDate(form.leaveYearStart)}'s day and month, for every location.`
              : "Empty: each worker's leave year runs from the day they started (reg 13(3))."
          }
        />
        <Field
          label="Weeks that may carry over"
          inputMode="decimal"
          value={form.carryOver}
          onChange={(e) => set({ carryOver: e.target.value })}
          hint={`Up to ${MAX_CARRY_OVER_WEEKS} weeks, where an agreement allows it (reg 13A(7)). Holiday missed through sickness or family leave carries over anyway, up to 4 weeks.`}
          aria-invalid={problem ? true : undefined}
        />
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.bankHolidays}
            aria-describedby={bankHintId}
            onChange={(e) => set({ bankHolidays: e.target.checked })}
          />
          Bank holidays off at {location.name} come out of holiday
        </label>
        <p id={bankHintId} className="field__hint">
          Each weekday bank holiday counts as a day taken by regular-hours workers. Leave it off where bank
          holidays are given on top.
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.beyondBalance}
            aria-describedby={beyondHintId}
            onChange={(e) => set({ beyondBalance: e.target.checked })}
          />
          Allow holiday requests beyond the balance
        </label>
        <p id={beyondHintId} className="field__hint">
          Staff may ask for more holiday in the staff app than they have left. Off: such a request is refused.
          For every location.
        </p>
        <button type="submit" className="button button--small" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save holiday settings"}
        </button>
      </form>
    </section>
  );
}
