import type { ManagerLeaveRequest } from "@contracts/leave-requests";
import { amount, datesOf, STATUS_WORDS, shiftWords, TYPE_LABELS } from "../labels";

// One pending request as the Leave tab shows it (docs/staff-app.md): who, when, what it uses and leaves, who
// else is off, the shifts it clashes with, and the decision's buttons.

type Props = {
  request: ManagerLeaveRequest;
  timeZone: string;
  canDecide: boolean;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
};

export function RequestCard({ request, timeZone, canDecide, busy, onApprove, onDecline }: Props) {
  const headingId = `leave-${request.id}`;
  const holiday = request.type === "holiday";
  return (
    <article className="card leave-card" aria-labelledby={headingId}>
      <header className="leave-card__header">
        <h3 id={headingId}>{request.name}</h3>
        <span className="leave-card__type">{TYPE_LABELS[request.type]}</span>
      </header>
      <p className="leave-card__dates">{datesOf(request)}</p>
      <dl className="leave-card__figures">
        <div>
          <dt>Uses</dt>
          <dd>{amount(request.uses, request.unit)}</dd>
        </div>
        {request.balance !== null && (
          <>
            <div>
              <dt>Holiday left now</dt>
              <dd>{amount(request.balance, request.unit)}</dd>
            </div>
            <div>
              <dt>After this</dt>
              <dd>
                {amount(
                  holiday ? Math.round((request.balance - request.uses) * 100) / 100 : request.balance,
                  request.unit,
                )}
              </dd>
            </div>
          </>
        )}
      </dl>
      {request.note && <p className="leave-card__note">“{request.note}”</p>}
      <p className="leave-card__label">Also off</p>
      {request.others_off.length === 0 ? (
        <p className="muted leave-card__none">Nobody else.</p>
      ) : (
        <ul className="leave-card__list">
          {request.others_off.map((other) => (
            <li key={other.employee_id}>
              {other.name} ({STATUS_WORDS[other.status] ?? "Away"},{" "}
              {other.dates.length === 1 ? "1 day" : `${other.dates.length} days`})
            </li>
          ))}
        </ul>
      )}
      <p className="leave-card__label">Clashing shifts</p>
      {request.clashes.length === 0 ? (
        <p className="muted leave-card__none">None published.</p>
      ) : (
        <ul className="leave-card__list leave-card__list--warn">
          {request.clashes.map((clash) => (
            <li key={clash.shift_id}>
              {shiftWords(clash.start_at, clash.end_at, timeZone)}
              {clash.role ? ` · ${clash.role}` : ""}
            </li>
          ))}
        </ul>
      )}
      {canDecide && (
        <div className="leave-card__actions">
          <button type="button" className="button button--small" disabled={busy} onClick={onApprove}>
            Approve
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy}
            onClick={onDecline}
          >
            Decline
          </button>
        </div>
      )}
    </article>
  );
}
