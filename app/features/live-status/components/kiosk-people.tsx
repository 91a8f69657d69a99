import { STATUS_LABELS, statusOf } from "@contracts/employee-status";
import { isLeavePrompt, LEAVE_PROMPTS } from "@contracts/kiosk-notices";
import type { LockedOut, OnLeaveToday } from "@contracts/live";
import "../live-status.css";

// Two of Live Status's lists (docs/kiosk.md): who is locked out at a kiosk now, and who is on leave today.

/** "on sick leave" beside a name checked in on a day of leave. */
export const onLeaveWords = (status: string | null | undefined) =>
  isLeavePrompt(status) ? `on ${LEAVE_PROMPTS[status]}` : null;

type LockedProps = {
  people: LockedOut[];
  /** Without it (the read-only demo) Unlock is shown disabled. */
  onUnlock?: (employeeId: string, name: string) => void;
  unlocking?: string | null;
  /** False for a role that may not unlock PINs: the button is not shown. */
  mayUnlock?: boolean;
};

/** Staff locked out by wrong PINs, at any kiosk, until when, and an Unlock button; hidden when nobody is. */
export function LockedOutList({ people, onUnlock, unlocking, mayUnlock = true }: LockedProps) {
  const now = Date.now();
  const locked = people.filter((person) => Date.parse(person.until) > now);
  if (locked.length === 0) return null;
  return (
    <section aria-labelledby="locked-out-heading" className="card">
      <h3 id="locked-out-heading">Locked out of the kiosk</h3>
      <p className="muted">
        Five wrong PINs in a row. Unlock them if it was them, or wait for the lock to end.
      </p>
      <ul className="person-list">
        {locked.map((person) => (
          <li key={person.id}>
            <span className="person-list__name">{person.name}</span>
            <span className="person-list__time">until {person.time}</span>
            {mayUnlock && (
              <button
                type="button"
                className="button button--small"
                disabled={!onUnlock || unlocking === person.id}
                onClick={() => onUnlock?.(person.id, person.name)}
              >
                {unlocking === person.id ? "Unlocking..." : "Unlock"}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Current staff whose status today is not active; hidden when everyone is at work. */
export function OnLeaveTodayList({ people }: { people: OnLeaveToday[] }) {
  if (people.length === 0) return null;
  return (
    <section aria-labelledby="on-leave-heading" className="card">
      <h3 id="on-leave-heading">On Leave Today</h3>
      <ul className="person-list">
        {people.map((person) => (
          <li key={person.id}>
            <span className="person-list__name">{person.name}</span>
            <span className="person-list__time">{STATUS_LABELS[statusOf(person.status)]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
