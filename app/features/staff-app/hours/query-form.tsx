import { useId, useState } from "react";
import { ApiFailure, data, staffApi } from "../api";

// "Something's wrong": a note to the manager about an entry or a day, raised as an exception on the timesheet.

const NOTE_MAX = 500;

export function QueryForm({
  about,
  onSent,
  onCancel,
}: {
  about: { entry_id: string } | { date: string };
  onSent: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      await data(staffApi().me.queries.$post({ json: { ...about, note } }));
      onSent();
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : "Something went wrong. Please try again.");
      setSending(false);
    }
  };
  return (
    <form className="staff-query-form" onSubmit={send}>
      <label htmlFor={id}>What's wrong? Your manager sees this on your timesheet.</label>
      <textarea
        id={id}
        value={note}
        maxLength={NOTE_MAX}
        required
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="staff-query-form__actions">
        <button type="submit" className="staff-button" disabled={sending || note.trim() === ""}>
          {sending ? "Sending…" : "Send to my manager"}
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
