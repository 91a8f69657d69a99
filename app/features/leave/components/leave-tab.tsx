import type { ManagerLeaveRequest } from "@contracts/leave-requests";
import type { Location } from "@contracts/locations";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { detailOr } from "../../../lib/api";
import { useCan } from "../../../lib/permissions";
import { todayIn } from "../../timesheets";
import { leaveRequestsQuery, useLeaveDecision } from "../api";
import { amount, datesOf, TYPE_LABELS } from "../labels";
import { DeclineDialog, OpenShiftsDialog } from "./decision-dialogs";
import { LeaveCalendar } from "./leave-calendar";
import { RequestCard } from "./request-card";
import "../leave.css";

// The Leave tab (docs/staff-app.md, "Holiday and leave requests"): requests waiting for a decision first, then
// the month of who is off, then the requests already decided.

type Open = { kind: "decline" | "open-shifts"; request: ManagerLeaveRequest } | null;

const STATUS_LABELS: Record<string, string> = {
  approved: "Approved",
  declined: "Declined",
  cancelled: "Cancelled",
  pending: "Waiting",
};

export function LeaveTab({ location }: { location: Location }) {
  const pendingId = useId();
  const decidedId = useId();
  const can = useCan();
  const canDecide = can("leave:approve");
  const requests = useQuery(leaveRequestsQuery(location.id));
  const decision = useLeaveDecision(location.id);
  const [open, setOpen] = useState<Open>(null);
  const all = requests.data?.requests ?? [];
  const pending = all.filter((r) => r.status === "pending");
  const decided = all.filter((r) => r.status !== "pending");
  const today = todayIn(location.timezone);

  async function approve(request: ManagerLeaveRequest, openClashingShifts: boolean) {
    try {
      const answer = await decision.mutateAsync({
        kind: "approve",
        requestId: request.id,
        openClashingShifts,
      });
      setOpen(null);
      const opened =
        answer.opened_shifts > 0
          ? ` ${answer.opened_shifts === 1 ? "1 shift is" : `${answer.opened_shifts} shifts are`} open now.`
          : "";
      toast.success(`${request.name}'s leave is approved and booked.${opened}`);
    } catch (error) {
      toast.error(detailOr(error, "The request could not be approved."));
    }
  }

  async function decline(request: ManagerLeaveRequest, note: string) {
    try {
      await decision.mutateAsync({ kind: "decline", requestId: request.id, note });
      setOpen(null);
      toast.success(`${request.name}'s request is declined. They have been told.`);
    } catch (error) {
      toast.error(detailOr(error, "The request could not be declined."));
    }
  }

  return (
    <div className="leave">
      <section aria-labelledby={pendingId} className="leave__section">
        <h2 id={pendingId}>Waiting for a decision{pending.length > 0 ? ` (${pending.length})` : ""}</h2>
        {requests.isPending ? (
          <p className="muted">Loading…</p>
        ) : pending.length === 0 ? (
          <p className="muted">
            No leave requests are waiting. Staff ask for leave in the staff app, at /me.
          </p>
        ) : (
          <div className="leave__cards">
            {pending.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                timeZone={location.timezone}
                canDecide={canDecide}
                busy={decision.isPending}
                onApprove={() =>
                  request.clashes.length > 0
                    ? setOpen({ kind: "open-shifts", request })
                    : void approve(request, false)
                }
                onDecline={() => setOpen({ kind: "decline", request })}
              />
            ))}
          </div>
        )}
      </section>
      <LeaveCalendar key={location.id} location={location} today={today} />
      {decided.length > 0 && (
        <section aria-labelledby={decidedId} className="card leave__section">
          <h2 id={decidedId}>Decided</h2>
          <ul className="leave__decided">
            {decided.map((request) => (
              <li key={request.id}>
                <span className="leave__decided-who">
                  {request.name} · {TYPE_LABELS[request.type]} · {datesOf(request)} ·{" "}
                  {amount(request.uses, request.unit)}
                </span>
                <span className={`leave__status leave__status--${request.status}`}>
                  {STATUS_LABELS[request.status] ?? request.status}
                  {request.decided_by_name && request.status !== "cancelled"
                    ? ` by ${request.decided_by_name}`
                    : ""}
                </span>
                {request.decision_note && <span className="muted"> “{request.decision_note}”</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {open?.kind === "decline" && (
        <DeclineDialog
          request={open.request}
          timeZone={location.timezone}
          busy={decision.isPending}
          onClose={() => setOpen(null)}
          onDecline={(note) => void decline(open.request, note)}
        />
      )}
      {open?.kind === "open-shifts" && (
        <OpenShiftsDialog
          request={open.request}
          timeZone={location.timezone}
          busy={decision.isPending}
          onClose={() => setOpen(null)}
          onApprove={() => void approve(open.request, true)}
        />
      )}
    </div>
  );
}
