import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";

type Props = {
  /** Absent in the read-only demo: the form is shown disabled. */
  onAdd?: (employee: {
    first_name: string;
    last_name: string;
    pin: string;
    email: string;
  }) => Promise<boolean>;
};

const EMPTY = { first_name: "", last_name: "", pin: "", email: "" };

export function AddEmployeeForm({ onAdd }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const disabled = !onAdd;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!onAdd) return;
    setBusy(true);
    if (await onAdd(form)) setForm(EMPTY);
    setBusy(false);
  }

  return (
    <form className="card add-employee" onSubmit={submit} aria-labelledby="add-employee-heading">
      <h3 id="add-employee-heading">Add New Employee</h3>
      <div className="add-employee__fields">
        <Field
          label="First name"
          value={form.first_name}
          disabled={disabled}
          maxLength={50}
          onChange={(e) => setForm((f) => ({ ...f, first_name: e.target.value }))}
        />
        <Field
          label="Last name"
          value={form.last_name}
          disabled={disabled}
          maxLength={50}
          onChange={(e) => setForm((f) => ({ ...f, last_name: e.target.value }))}
        />
        <Field
          label="4-digit PIN"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={form.pin}
          disabled={disabled}
          onChange={(e) => setForm((f) => ({ ...f, pin: e.target.value.replace(/\D/g, "").slice(0, 4) }))}
        />
        <Field
          label="E-mail (optional)"
          type="email"
          autoComplete="off"
          value={form.email}
          disabled={disabled}
          maxLength={254}
          onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
        />
        <button type="submit" className="button" disabled={disabled || busy}>
          {busy ? "Adding..." : "Add Employee"}
        </button>
      </div>
    </form>
  );
}
