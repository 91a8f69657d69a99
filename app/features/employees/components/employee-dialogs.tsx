import {
  EMPLOYEE_STATUSES,
  type Employee,
  type EmployeeStatus,
  END_BEFORE_START,
  PIN_MESSAGE,
  STATUS_LABELS,
  STATUS_NOTE_MAX,
  statusOf,
} from "@contracts/employees";
import { useId, useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { type StatusChange, staffChanges, useStaffChange } from "../api";

type DialogProps = { employee: Employee; onDone: () => void; onClose: () => void };

/** One dialog's save: toasts `success` and closes the dialog, or toasts the failure and stays open. */
function useSave<Input>(
  employee: Employee,
  change: (input: Input) => Promise<unknown>,
  failure: string,
  onDone: () => void,
) {
  const mutation = useStaffChange(employee.location_id, change, failure);
  const save = (input: Input, success: string) =>
    mutation.mutate(input, {
      onSuccess: () => {
        toast.success(success);
        onDone();
      },
    });
  return { busy: mutation.isPending, save };
}

export function StatusDialog({ employee, onDone, onClose }: DialogProps) {
  const selectId = useId();
  const [status, setStatus] = useState<EmployeeStatus>(statusOf(employee.current_status));
  const [note, setNote] = useState(employee.status_note ?? "");
  const [start, setStart] = useState(employee.status_start_date ?? "");
  const [end, setEnd] = useState(employee.status_end_date ?? "");
  const { busy, save } = useSave(
    employee,
    (change: StatusChange) => staffChanges.changeStatus(employee.id, change),
    "Error updating employee status",
    onDone,
  );

  function submit() {
    if (start && end && end < start) return void toast.error(END_BEFORE_START);
    save(
      {
        status,
        note: note.trim() || undefined,
        start_date: start || undefined,
        end_date: end || undefined,
      },
      `${employee.first_name}'s status is now ${STATUS_LABELS[status]}`,
    );
  }

  return (
    <Modal
      title={`Status — ${employee.first_name} ${employee.last_name}`}
      submitLabel="Save status"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={selectId}>Status</label>
        <select id={selectId} value={status} onChange={(e) => setStatus(statusOf(e.target.value))}>
          {EMPLOYEE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={`Note (optional, up to ${STATUS_NOTE_MAX} characters)`}
        value={note}
        maxLength={STATUS_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="field-row">
        <Field
          label="Start date (optional)"
          type="date"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <Field label="End date (optional)" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
    </Modal>
  );
}

export function NameDialog({ employee, onDone, onClose }: DialogProps) {
  const [first, setFirst] = useState(employee.first_name);
  const [last, setLast] = useState(employee.last_name);
  const [email, setEmail] = useState(employee.email ?? "");
  const { busy, save } = useSave(
    employee,
    (name: { first: string; last: string; email: string }) =>
      staffChanges.rename(employee.id, name.first, name.last, name.email),
    "Error updating name",
    onDone,
  );
  function submit() {
    if (!first.trim() || !last.trim()) return void toast.error("First and last name are required");
    save({ first: first.trim(), last: last.trim(), email: email.trim() }, "Name updated");
  }
  return (
    <Modal title="Change name" submitLabel="Save name" busy={busy} onSubmit={submit} onClose={onClose}>
      <Field label="First name" value={first} maxLength={50} onChange={(e) => setFirst(e.target.value)} />
      <Field label="Last name" value={last} maxLength={50} onChange={(e) => setLast(e.target.value)} />
      <Field
        label="E-mail (optional)"
        type="email"
        autoComplete="off"
        value={email}
        maxLength={254}
        hint="Their rota is e-mailed here; leave it empty for none."
        onChange={(e) => setEmail(e.target.value)}
      />
    </Modal>
  );
}

export function PinDialog({ employee, onDone, onClose }: DialogProps) {
  const [pin, setPin] = useState("");
  const { busy, save } = useSave(
    employee,
    (newPin: string) => staffChanges.changePin(employee.id, newPin),
    "Error updating PIN",
    onDone,
  );
  function submit() {
    if (!/^\d{4}$/.test(pin)) return void toast.error(PIN_MESSAGE);
    save(pin, `PIN updated for ${employee.first_name}`);
  }
  return (
    <Modal
      title={`New PIN for ${employee.first_name}`}
      submitLabel="Save PIN"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="New 4-digit PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
      />
    </Modal>
  );
}
