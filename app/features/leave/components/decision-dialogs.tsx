import type { ManagerLeaveRequest } from "@contracts/leave-requests";
import { useId, useState } from "react";
import { Modal } from "../../../components/modal";
import { ErrorAlert } from "../../timesheets";
import { datesOf, shiftWords } from "../labels";

// The two questions a decision may need (docs/staff-app.md): why a request is declined (the staff member reads
// it), and whether shifts it clashes with may become open shifts.

type Props = {
  request: ManagerLeaveRequest;
  timeZone: string;
  busy: boolean;
  onClose: () => void;
};

export function DeclineDialog({
  request,
  busy,
  onClose,
  onDecline,
}: Props & { onDecline: (note: string) => void }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  function submit() {
    if (note.trim() === "")
      return setProblem("Say why the request is declined: the staff member sees this note.");
    onDecline(note.trim());
  }
  return (
    <Modal
      title={`Decline ${request.name}'s request`}
      submitLabel="Decline"
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">{datesOf(request)}</p>
      <div className="field">
        <label htmlFor={noteId}>Why? {request.name.split(" ")[0]} sees this note</label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={200}
          value={note}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <ErrorAlert message={problem} />
    </Modal>
  );
}

export function OpenShiftsDialog({
  request,
  timeZone,
  busy,
  onClose,
  onApprove,
}: Props & { onApprove: () => void }) {
  const count = request.clashes.length;
  return (
    <Modal
      title="Make these shifts open shifts?"
      submitLabel={count === 1 ? "Approve and open the shift" : "Approve and open the shifts"}
      busy={busy}
      onSubmit={onApprove}
      onClose={onClose}
    >
      <p>
        {request.name} has {count === 1 ? "a published shift" : `${count} published shifts`} on these days.
        Approving takes {request.name.split(" ")[0]} off {count === 1 ? "it" : "them"}:{" "}
        {count === 1 ? "it becomes an open shift" : "they become open shifts"} and the week is published
        again.
      </p>
      <ul className="leave-card__list">
        {request.clashes.map((clash) => (
          <li key={clash.shift_id}>
            {shiftWords(clash.start_at, clash.end_at, timeZone)}
            {clash.role ? ` · ${clash.role}` : ""}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
