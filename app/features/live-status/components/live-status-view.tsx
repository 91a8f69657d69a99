import type { LiveStatus } from "@contracts/live";
import { Stat } from "../../../components/stat";
import type { Connection } from "../use-live-status";
import { LockedOutList, OnLeaveTodayList, onLeaveWords } from "./kiosk-people";
import { PinAlerts } from "./pin-alerts";
import { CalmRotaLists, UrgentRotaLists } from "./rota-lists";
import { WorkingTimeWarnings } from "./working-time-warnings";

type Props = {
  status: LiveStatus;
  connection?: Connection;
  /** Without it (the read-only demo) Close Session is shown disabled. */
  onCloseSession?: (employeeId: string, name: string) => void;
  closing?: string | null;
  /** Without it (the read-only demo) Unlock is shown disabled. */
  onUnlock?: (employeeId: string, name: string) => void;
  unlocking?: string | null;
  /** False for a team member whose role may not close sessions or unlock PINs: the buttons are not shown. */
  mayClose?: boolean;
  mayUnlock?: boolean;
};

const CONNECTION_TEXT: Record<Connection, string> = {
  live: "Live",
  connecting: "Connecting…",
  offline: "Reconnecting… (refreshing every 15 s)",
};

/** The Live Status tab's content; the dashboard and the landing page's demo both render it. */
export function LiveStatusView({
  status,
  connection,
  onCloseSession,
  closing,
  onUnlock,
  unlocking,
  mayClose = true,
  mayUnlock = true,
}: Props) {
  const { kpis } = status;
  return (
    <div className="live-status">
      {connection && (
        <p className={`live-indicator live-indicator--${connection}`} role="status">
          <span className="live-indicator__dot" aria-hidden="true" />
          {CONNECTION_TEXT[connection]}
        </p>
      )}
      <PinAlerts alerts={status.pin_alerts} timeZone={status.timezone} />
      {/* A hub from before the working-time checks sends none. */}
      <WorkingTimeWarnings warnings={status.warnings ?? []} />
      <div className="stat-grid">
        <Stat label="Checked in now" value={kpis.employees_checked_in} />
        <Stat label="Check-ins today" value={kpis.total_checkins_today} />
        <Stat label="Open sessions" value={kpis.open_sessions} />
        <Stat label="On break" value={kpis.on_break} />
      </div>
      <div className="live-lists">
        {/* A hub from before these lists sends neither. */}
        <LockedOutList
          people={status.locked_out ?? []}
          onUnlock={onUnlock}
          unlocking={unlocking}
          mayUnlock={mayUnlock}
        />
        <UrgentRotaLists status={status} />
        <section aria-labelledby="checked-in-heading" className="card">
          <h3 id="checked-in-heading">Currently Checked In</h3>
          {status.checked_in.length === 0 ? (
            <p className="muted">Nobody is checked in right now.</p>
          ) : (
            <ul className="person-list">
              {status.checked_in.map((person) => (
                <li key={person.session_id}>
                  <span className="person-list__name">
                    {person.name}
                    {onLeaveWords(person.on_leave) && (
                      <span className="person-list__leave"> ({onLeaveWords(person.on_leave)})</span>
                    )}
                  </span>
                  <span className="person-list__time">since {person.time}</span>
                  {mayClose && (
                    <button
                      type="button"
                      className="button button--danger button--small"
                      disabled={!onCloseSession || closing === person.id}
                      onClick={() => onCloseSession?.(person.id, person.name)}
                    >
                      {closing === person.id ? "Closing..." : "Close Session"}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <CalmRotaLists status={status} />
        {/* Only while someone is on a clocked break: most locations never record breaks. */}
        {status.on_break.length > 0 && (
          <section aria-labelledby="on-break-heading" className="card">
            <h3 id="on-break-heading">On Break</h3>
            <ul className="person-list">
              {status.on_break.map((person) => (
                <li key={person.session_id}>
                  <span className="person-list__name">{person.name}</span>
                  <span className="person-list__time">since {person.time}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="checked-out-heading" className="card">
          <h3 id="checked-out-heading">Recently Checked Out</h3>
          {status.checked_out.length === 0 ? (
            <p className="muted">No one has checked out yet today.</p>
          ) : (
            <ul className="person-list">
              {status.checked_out.map((person) => (
                <li key={`${person.id}-${person.at}`}>
                  <span className="person-list__name">{person.name}</span>
                  <span className="person-list__time">left at {person.time}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <OnLeaveTodayList people={status.on_leave_today ?? []} />
      </div>
    </div>
  );
}
