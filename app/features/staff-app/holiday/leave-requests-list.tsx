import type { LeaveRequestView } from "@contracts/staff-leave";
import { useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { amount, datesOf, STATUS_WORDS, TYPE_WORDS } from "./words";

// The staff member's requests, newest first (docs/staff-app.md): each with its status and the manager's note;
// one waiting, or approved and not yet begun, can be cancelled.

type Props = { requests: LeaveRequestView[]; today: string; onChanged: () => void };

export function LeaveRequestsList({ requests, today, onChanged }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function cancel(request: LeaveRequestView) {
    setBusy(request.id);
    setProblem(null);
    try {
      await data(staffApi().me["leave-requests"][":requestId"].$delete({ param: { requestId: request.id } }));
      onChanged();
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="staff-card" aria-labelledby="staff-leave-requests">
      <h2 id="staff-leave-requests">Your requests</h2>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {requests.length === 0 ? (
        <p className="muted">You haven't asked for any time off yet.</p>
      ) : (
        <ul className="staff-list">
          {requests.map((request) => {
            const cancellable =
              request.status === "pending" || (request.status === "approved" && request.start_date > today);
            return (
              <li key={request.id} className={`staff-leave-request staff-leave-request--${request.status}`}>
                <p className="staff-leave-request__what">
                  {TYPE_WORDS[request.type]} · {amount(request.uses, request.unit)}
                </p>
                <p className="staff-leave-request__dates">{datesOf(request)}</p>
                <p className="staff-leave-request__status">
                  {STATUS_WORDS[request.status]}
                  {request.decided_by_name && request.status !== "pending" && request.status !== "cancelled"
                    ? ` by ${request.decided_by_name}`
                    : ""}
                </p>
                {request.decision_note && <p className="muted">“{request.decision_note}”</p>}
                {cancellable && (
                  <button
                    type="button"
                    className="staff-button staff-button--quiet"
                    disabled={busy !== null}
                    onClick={() => void cancel(request)}
                  >
                    {busy === request.id ? "Cancelling…" : "Cancel this request"}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
