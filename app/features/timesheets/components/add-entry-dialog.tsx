import { addEntryRequest } from "@contracts/timesheets";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { type NewEntry, timesheetChanges, useTimesheetChange } from "../api";
import { type EntryForm, formOfDay, instantsOf } from "../entry-form";
import { type EntryDialogProps, problemOf, useRun } from "../use-entry-correction";
import { EntryTimeFields, ErrorAlert, ReasonField } from "./entry-fields";

/** A shift the kiosk never saw: the employee fixed from the row, the date from the cell. */
export function AddEntryDialog({
  employeeId,
  date,
  locationId,
  timeZone,
  name,
  onChanged,
  onClose,
}: EntryDialogProps & { employeeId: string; date: LocalDate }) {
  const [form, setForm] = useState<EntryForm>(() => formOfDay(date));
  const [reason, setReason] = useState("");
  const { error, setError, run } = useRun(onClose);
  const add = useTimesheetChange(
    locationId,
    (body: NewEntry) => timesheetChanges.add(locationId, body),
    onChanged,
  );

  function submit() {
    const times = instantsOf(form, timeZone, { checkOutRequired: true });
    if (typeof times === "string") return setError(times);
    const parsed = addEntryRequest.safeParse({
      employee_id: employeeId,
      check_in_at: times.checkIn,
      check_out_at: times.checkOut,
      ...(times.breaks.length > 0 ? { breaks: times.breaks } : {}),
      reason,
    });
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    void run(add, parsed.data, `Entry added for ${name}`);
  }

  return (
    <Modal
      title={`Add entry — ${name}, ${formatDate(date)}`}
      submitLabel="Add entry"
      busyLabel="Adding..."
      busy={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="entry-dialog entry-dialog--add">
        <p className="muted small">
          Times are the location's ({timeZone}). The entry is added to {name}'s timesheet with your reason.
        </p>
        <EntryTimeFields form={form} onChange={setForm} disabled={add.isPending} />
        <ReasonField value={reason} onChange={setReason} disabled={add.isPending} />
        <ErrorAlert message={error} />
      </div>
    </Modal>
  );
}
