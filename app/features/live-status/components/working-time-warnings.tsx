import type { WorkingTimeWarning } from "@contracts/live";
import { useEffect, useId, useState } from "react";

const RECHECK_MS = 60_000;

/**
 * Renders again within a minute, or as soon as the next warning falls due if that is sooner: what is due
 * shows without a refetch. Re-armed after every render.
 */
function useRecheck(nextDue: number | null) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const untilDue = nextDue === null ? RECHECK_MS : Math.max(0, nextDue - Date.now()) + 250;
    const timer = setTimeout(() => setTick((tick) => tick + 1), Math.min(RECHECK_MS, untilDue));
    return () => clearTimeout(timer);
  });
}

/**
 * Working-time warnings the day's shifts raised (too little daily rest, a young worker past 8 hours today),
 * each once its time has come: someone still in may break a rule later, so the list is checked again every
 * minute (and when the next one falls due). A polite live region: a warning that appears is announced without
 * interrupting. On a phone the list folds behind "Show 3 warnings", so the counters and who is in stay on the
 * first screen.
 */
export function WorkingTimeWarnings({ warnings }: { warnings: readonly WorkingTimeWarning[] }) {
  const headingId = useId();
  const listId = useId();
  const [shown, setShown] = useState(false);
  // Read at each render: a status pushed just now shows what is due just now.
  const now = Date.now();
  const due = warnings.filter((warning) => Date.parse(warning.from) <= now);
  const later = warnings.map((warning) => Date.parse(warning.from)).filter((from) => from > now);
  useRecheck(later.length > 0 ? Math.min(...later) : null);
  return (
    <div className="working-time-warnings" aria-live="polite">
      {due.length > 0 && (
        <section
          aria-labelledby={headingId}
          className="notice notice--warning working-time-warnings__list"
          data-shown={shown}
        >
          <div className="working-time-warnings__head">
            <h3 id={headingId}>Working-time warnings</h3>
            <button
              type="button"
              className="link-button working-time-warnings__toggle"
              aria-expanded={shown}
              aria-controls={listId}
              onClick={() => setShown((value) => !value)}
            >
              {shown ? "Hide warnings" : `Show ${due.length} ${due.length === 1 ? "warning" : "warnings"}`}
            </button>
          </div>
          <ul id={listId}>
            {due.map((warning) => (
              <li key={`${warning.id}-${warning.rule}-${warning.from}`}>
                <strong>{warning.name}</strong>: {warning.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
