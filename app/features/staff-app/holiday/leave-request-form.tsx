import type { LeaveRequestCreated, LeaveType } from "@contracts/staff-leave";
import { type FormEvent, useId, useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { amount, TYPE_WORDS } from "./words";

// Asking for time off (docs/staff-app.md): the type, the first and last days, a half day for a single day, and
// a note for the manager. The server checks the dates and the balance and says what is wrong.

type Form = { type: LeaveType; start: string; end: string; half: "" | "am" | "pm"; note: string };

export function LeaveRequestForm({ today, onAsked }: { today: string; onAsked: () => void }) {
  const ids = { type: useId(), start: useId(), end: useId(), half: useId(), note: useId(), heading: useId() };
  const empty: Form = { type: "holiday", start: "", end: "", half: "", note: "" };
  const [form, setForm] = useState<Form>(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const oneDay = form.start !== "" && (form.end === "" || form.end === form.start);
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSent(null);
    if (form.start === "") return setProblem("Choose the first day.");
    setBusy(true);
    try {
      const created: LeaveRequestCreated = await data(
        staffApi().me["leave-requests"].$post({
          json: {
            type: form.type,
            start_date: form.start,
            end_date: form.end || form.start,
            half_day: oneDay && form.half !== "" ? form.half : undefined,
            note: form.note.trim() || undefined,
          },
        }),
      );
      const uses =
        "days" in created.uses ? amount(created.uses.days, "days") : amount(created.uses.hours, "hours");
      const unit = "days" in created.uses ? "days" : "hours";
      const after =
        created.balance_after === null || form.type !== "holiday"
          ? ""
          : ` If it's approved you'll have ${amount(created.balance_after, unit)} left.`;
      setSent(`Sent to your manager. It uses ${uses}.${after}`);
      setForm(empty);
      onAsked();
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="staff-card staff-leave-form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Ask for time off</h2>
      <label htmlFor={ids.type}>What kind</label>
      <select id={ids.type} value={form.type} onChange={(e) => set({ type: e.target.value as LeaveType })}>
        {(Object.keys(TYPE_WORDS) as LeaveType[]).map((type) => (
          <option key={type} value={type}>
            {TYPE_WORDS[type]}
          </option>
        ))}
      </select>
      <div className="staff-leave-form__dates">
        <div>
          <label htmlFor={ids.start}>First day</label>
          <input
            id={ids.start}
            type="date"
            min={today}
            value={form.start}
            onChange={(e) => set({ start: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={ids.end}>Last day</label>
          <input
            id={ids.end}
            type="date"
            min={form.start || today}
            value={form.end}
            onChange={(e) => set({ end: e.target.value })}
          />
        </div>
      </div>
      {oneDay && (
        <>
          <label htmlFor={ids.half}>Whole day or half</label>
          <select
            id={ids.half}
            value={form.half}
            onChange={(e) => set({ half: e.target.value as Form["half"] })}
          >
            <option value="">Whole day</option>
            <option value="am">Morning only</option>
            <option value="pm">Afternoon only</option>
          </select>
        </>
      )}
      <label htmlFor={ids.note}>Note for your manager (optional)</label>
      <textarea
        id={ids.note}
        rows={2}
        maxLength={100}
        value={form.note}
        onChange={(e) => set({ note: e.target.value })}
      />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {sent && (
        <p className="staff-leave-form__sent" role="status">
          {sent}
        </p>
      )}
      <button type="submit" className="staff-button" disabled={busy}>
        {busy ? "Sending…" : "Send request"}
      </button>
    </form>
  );
}
