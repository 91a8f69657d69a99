import type { OpenShiftView } from "@contracts/staff-shifts";
import { useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { useLoad } from "../use-load";
import { breakLabel, dayLabel } from "./dates";

// Open shifts at my location (docs/staff-app.md, "My shifts, availability and open shifts"): claim one, and
// see whether my claim waits for the manager or the shift is already mine.

const CLAIM_LABELS = {
  pending: "Claimed: waiting for your manager",
  approved: "Yours",
  declined: "Not approved",
};

export function OpenShifts() {
  const { loaded, reload } = useLoad(() => data(staffApi().me["open-shifts"].$get()));
  if (loaded.state !== "ready" || loaded.value.open_shifts.length === 0) return null;
  return (
    <div className="staff-card">
      <h2>Open shifts</h2>
      <p className="muted">Shifts nobody has yet. Claim one and your manager decides.</p>
      <ul className="staff-list" aria-label="Open shifts">
        {loaded.value.open_shifts.map((shift) => (
          <OpenShiftRow key={shift.id} shift={shift} onClaimed={reload} />
        ))}
      </ul>
    </div>
  );
}

function OpenShiftRow({ shift, onClaimed }: { shift: OpenShiftView; onClaimed: () => void }) {
  const [state, setState] = useState<"idle" | "busy" | { problem: string } | { done: string }>("idle");
  const claim = async () => {
    setState("busy");
    try {
      const answer = await data(
        staffApi().me["open-shifts"][":shiftId"].claim.$post({ param: { shiftId: shift.id } }),
      );
      setState({
        done:
          "status" in answer && answer.status === "approved"
            ? "It's yours."
            : "Claimed: your manager will decide.",
      });
      onClaimed();
    } catch (error) {
      setState({ problem: error instanceof ApiFailure ? error.message : "The claim could not be sent." });
    }
  };
  return (
    <li className="staff-shifts__open">
      <p className="staff-shifts__shift">
        <strong>
          {dayLabel(shift.date)} {shift.start_local}–{shift.end_local}
        </strong>
        <span>{[shift.role, breakLabel(shift.break_minutes)].filter(Boolean).join(" · ")}</span>
        {shift.my_claim && <span className="muted">{CLAIM_LABELS[shift.my_claim]}</span>}
        {typeof state === "object" && "done" in state && <span role="status">{state.done}</span>}
        {typeof state === "object" && "problem" in state && (
          <span className="staff-problem" role="alert">
            {state.problem}
          </span>
        )}
      </p>
      {shift.my_claim === null && (
        <button type="button" className="staff-button" onClick={claim} disabled={state === "busy"}>
          {state === "busy" ? "Claiming…" : "Claim"}
        </button>
      )}
    </li>
  );
}
