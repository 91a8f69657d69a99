import { editEntryRequest, type TimesheetEntry, voidEntryRequest } from "@contracts/timesheets";
import { formatDate } from "@domain/time-zone";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { useCan } from "../../../lib/permissions";
import { type EntryEdit, timesheetChanges, useTimesheetChange } from "../api";
import { changesOf, type EntryForm, formOfEntry, instantsOf } from "../entry-form";
import { wallParts } from "../time";
import { type EntryDialogProps, problemOf, useRun } from "../use-entry-correction";
import { EntryTimeFields, ErrorAlert, ReasonField } from "./entry-fields";
import { EntryHistory } from "./entry-history";
import { EntryPlan } from "./entry-plan";

/** An entry's times, breaks and history: save changes, confirm it as it is, or void it. */
export function EntryDialog({
  entry,
  locationId,
  timeZone,
  name,
  onChanged,
  locked,
  onClose,
}: EntryDialogProps & {
  entry: TimesheetEntry;
  /** The employee's pay period holding it is approved: the server refuses changes until it is unlocked. */
  locked?: boolean;
}) {
  const [initial] = useState(() => formOfEntry(entry, timeZone));
  const [form, setForm] = useState<EntryForm>(initial);
  const [reason, setReason] = useState("");
  const [voiding, setVoiding] = useState(false);
  const { error, setError, run } = useRun(onClose);
  const edit = useTimesheetChange(
    locationId,
    (body: EntryEdit) => timesheetChanges.edit(locationId, entry.id, body),
    onChanged,
  );
  const voidEntry = useTimesheetChange(
    locationId,
    (why: string) => timesheetChanges.void(locationId, entry.id, why),
    onChanged,
  );
  const busy = edit.isPending || voidEntry.isPending;
  const voided = entry.flags.includes("voided");
  // A role that may not correct timesheets (Payroll) reads the entry and its history only.
  const mayEdit = useCan()("timesheets:edit");
  const viewOnly = voided || !mayEdit;
  const reviewable = !voided && (entry.flags.includes("needs_review") || entry.flags.includes("auto_closed"));
  const open = entry.check_out_at === null;
  const day = formatDate(wallParts(entry.check_in_at, timeZone).date);

  function save() {
    const changed = changesOf(initial, form);
    if (!changed.checkIn && !changed.checkOut && !changed.breaks) {
      return setError(
        reviewable
          ? "Nothing has changed. Change a time or a break, or use Confirm as is."
          : "Nothing has changed. Change a time or a break first.",
      );
    }
    const times = instantsOf(form, timeZone, { checkOutRequired: !open });
    if (typeof times === "string") return setError(times);
    const body: EntryEdit = {
      reason,
      ...(changed.checkIn ? { check_in_at: times.checkIn } : {}),
      ...(changed.checkOut && times.checkOut ? { check_out_at: times.checkOut } : {}),
      ...(changed.breaks ? { breaks: times.breaks } : {}),
    };
    const parsed = editEntryRequest.safeParse(body);
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    void run(edit, parsed.data, "Entry saved");
  }

  function confirmAsIs() {
    const parsed = editEntryRequest.safeParse({ reason });
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    void run(edit, parsed.data, "Entry confirmed as it is");
  }

  function confirmVoid() {
    const parsed = voidEntryRequest.safeParse({ reason });
    const problem = problemOf(parsed);
    if (problem || !parsed.success) return setError(problem);
    void run(voidEntry, parsed.data.reason, "Entry voided: it no longer counts");
  }

  if (voiding) {
    return (
      <Modal
        title={`Void entry — ${name}, ${day}`}
        submitLabel="Void entry"
        busyLabel="Voiding..."
        busy={busy}
        onSubmit={confirmVoid}
        onClose={onClose}
      >
        <div className="entry-dialog entry-dialog--void">
          <p>
            A void entry stays on the timesheet, struck through, with its history, but its hours no longer
            count. It cannot be undone: add a new entry in its place if needed.
          </p>
          <ReasonField value={reason} onChange={setReason} disabled={busy} focusOnMount />
          <ErrorAlert message={error} />
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              setError(null);
              setVoiding(false);
            }}
          >
            Back to the entry
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={`${voided ? "Void entry" : mayEdit ? "Edit entry" : "Entry"} — ${name}, ${day}`}
      submitLabel={viewOnly ? "Close" : "Save changes"}
      busy={busy}
      onSubmit={viewOnly ? onClose : save}
      onClose={onClose}
    >
      <div className="entry-dialog">
        <div className="entry-dialog__form">
          {locked && (
            <p className="notice notice--warning entry-dialog__locked">
              This entry is in an approved pay period, which is locked. Unlock the pay period (Timesheets →
              Pay periods) before changing or voiding it.
            </p>
          )}
          {voided && (
            <p className="notice notice--warning">
              This entry is void and no longer counts. Add a new entry in its place if needed.
            </p>
          )}
          {reviewable && (
            <p className="notice notice--warning">
              {entry.flags.includes("needs_review")
                ? "Clocked closed this entry after a forgotten clock-out, and it needs review. Correct the check-out, or confirm it as it is."
                : "Clocked closed this entry after a forgotten clock-out."}
            </p>
          )}
          <EntryPlan
            entry={entry}
            locationId={locationId}
            timeZone={timeZone}
            mayApprove={!viewOnly && !locked}
            onChanged={onChanged}
            onClose={onClose}
          />
          <EntryTimeFields form={form} onChange={setForm} disabled={viewOnly || busy} openAllowed={open} />
          {!viewOnly && <ReasonField value={reason} onChange={setReason} disabled={busy} />}
          <ErrorAlert message={error} />
          {!viewOnly && (
            <div className="entry-dialog__more">
              {reviewable && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy}
                  onClick={confirmAsIs}
                >
                  Confirm as is
                </button>
              )}
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  setVoiding(true);
                }}
              >
                Void this entry
              </button>
            </div>
          )}
        </div>
        <EntryHistory locationId={locationId} entryId={entry.id} timeZone={timeZone} />
      </div>
    </Modal>
  );
}
