import { type RotaShift, type RotaTemplate, shiftRequest } from "@contracts/rota";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { ErrorAlert, problemOf, useRun } from "../../timesheets";
import { rotaCalls, templatesQuery, useRotaChange } from "../api";
import type { RotaRow } from "../rows";
import { instantsOn, shiftTimes } from "../shift-time";
import { ShiftTimeFields } from "./shift-time-fields";

type Form = {
  employeeId: string;
  date: LocalDate;
  start: string;
  end: string;
  breakMinutes: string;
  role: string;
  notes: string;
};

const OPEN = "";

type Props = {
  locationId: string;
  timeZone: string;
  rows: RotaRow[];
  /** Editing this shift; otherwise adding one in the cell clicked. */
  shift: RotaShift | null;
  employeeId: string | null;
  date: LocalDate;
  onClose: () => void;
};

function formOf({
  shift,
  employeeId,
  date,
  timeZone,
}: Pick<Props, "shift" | "employeeId" | "date" | "timeZone">): Form {
  if (!shift) {
    return {
      employeeId: employeeId ?? OPEN,
      date,
      start: "09:00",
      end: "17:00",
      breakMinutes: "30",
      role: "",
      notes: "",
    };
  }
  const times = shiftTimes(shift, timeZone);
  return {
    employeeId: shift.employee_id ?? OPEN,
    date: times.date,
    start: times.start,
    end: times.end,
    breakMinutes: String(shift.break_minutes),
    role: shift.role ?? "",
    notes: shift.notes ?? "",
  };
}

/** Add or edit a shift: who, when, the unpaid break, the role and a note; a template fills the times. */
export function ShiftDialog({ locationId, timeZone, rows, shift, employeeId, date, onClose }: Props) {
  const [form, setForm] = useState<Form>(() => formOf({ shift, employeeId, date, timeZone }));
  const { error, setError, run } = useRun(onClose);
  const templates = useQuery(templatesQuery(locationId)).data?.templates ?? [];
  const save = useRotaChange(locationId, (body: Parameters<typeof rotaCalls.addShift>[1]) =>
    shift ? rotaCalls.saveShift(locationId, shift.id, body) : rotaCalls.addShift(locationId, body),
  );
  const remove = useRotaChange(locationId, () => rotaCalls.deleteShift(locationId, shift?.id ?? ""));
  const busy = save.isPending || remove.isPending;
  const ids = { employee: useId(), template: useId(), notes: useId() };
  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function fill(template: RotaTemplate) {
    setForm((current) => ({
      ...current,
      start: template.start_time,
      end: template.end_time,
      breakMinutes: String(template.break_minutes),
      role: template.role ?? current.role,
    }));
  }

  function submit() {
    const instants = instantsOn(form.date, form.start, form.end, timeZone);
    if (!instants) return setError("Enter a real date and times as HH:MM.");
    const parsed = shiftRequest.safeParse({
      employee_id: form.employeeId === OPEN ? null : form.employeeId,
      ...instants,
      break_minutes: form.breakMinutes.trim() === "" ? 0 : Number(form.breakMinutes),
      role: form.role.trim() || null,
      notes: form.notes.trim() || null,
    });
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    void run(save, parsed.data, shift ? "Shift saved" : "Shift added");
  }

  const assignable = rows.filter(
    (row) => row.employeeId !== null && (!row.archived || row.employeeId === shift?.employee_id),
  );
  return (
    <Modal
      title={shift ? `Edit shift — ${formatDate(form.date)}` : `Add shift — ${formatDate(form.date)}`}
      submitLabel={shift ? "Save shift" : "Add shift"}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="shift-dialog">
        <p className="muted small">
          Times are the location's ({timeZone}). An end before the start is the next day.
        </p>
        {templates.length > 0 && (
          <div className="field">
            <label htmlFor={ids.template}>Template</label>
            <select
              id={ids.template}
              value=""
              disabled={busy}
              onChange={(event) => {
                const template = templates.find((t) => t.id === event.target.value);
                if (template) fill(template);
              }}
            >
              <option value="">Choose a template to fill the times…</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name} {template.start_time}–{template.end_time}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.employee}>Employee</label>
          <select
            id={ids.employee}
            value={form.employeeId}
            disabled={busy}
            onChange={(e) => set("employeeId")(e.target.value)}
          >
            <option value={OPEN}>Open shift (nobody yet)</option>
            {assignable.map((row) => (
              <option key={row.employeeId} value={row.employeeId ?? OPEN}>
                {row.name}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Date"
          type="date"
          value={form.date}
          disabled={busy}
          onChange={(e) => set("date")(e.target.value)}
        />
        <ShiftTimeFields form={form} busy={busy} set={set} />
        <div className="field">
          <label htmlFor={ids.notes}>Notes</label>
          <textarea
            id={ids.notes}
            rows={2}
            maxLength={280}
            value={form.notes}
            disabled={busy}
            onChange={(e) => set("notes")(e.target.value)}
          />
        </div>
        <ErrorAlert message={error} />
        {shift && (
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy}
            onClick={() => void run(remove, undefined, "Shift deleted")}
          >
            Delete shift
          </button>
        )}
      </div>
    </Modal>
  );
}
