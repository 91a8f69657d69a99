import type { Location } from "@contracts/locations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { setupQuery } from "../api";
import type { SetupTarget } from "../step-text";
import { StepItem } from "./setup-step";
import "../setup.css";

type Props = {
  location: Location;
  /** Opens the tab (the dashboard's tabs are the dashboard's to switch). */
  onOpen: (target: SetupTarget) => void;
};

/** A dismissed checklist stays away on this browser (a preference, not the account's data). */
const dismissedKey = (locationId: string) => `clocked.setup_dismissed.${locationId}`;
const wasDismissed = (locationId: string) => {
  try {
    return localStorage.getItem(dismissedKey(locationId)) === "1";
  } catch {
    return false;
  }
};

/** Phones see the next step alone, the rest a tap away; wider screens see them all. */
const WIDE = "(min-width: 641px)";

/**
 * "Get started": what a new location still needs, each step saying what to do and leading to where it is
 * done, shown until every step the plan includes is done (or the manager dismisses it). Worked out by the
 * server from the location's data (GET /api/manager/setup/{locationId}); any change the manager saves, and
 * the hub's pushes (a first punch), bring it up to date.
 */
export function SetupChecklist({ location, onOpen }: Props) {
  const queryClient = useQueryClient();
  const [dismissed, setDismissed] = useState(() => wasDismissed(location.id));
  // Once set up, a location stays so for this page: the checklist is not asked for again at every push.
  const [finished, setFinished] = useState(false);
  const checklist = useQuery({ ...setupQuery(location.id), enabled: !dismissed && !finished }).data;
  const [showAll, setShowAll] = useState(() => window.matchMedia(WIDE).matches);
  const headingId = useId();
  const listId = useId();
  const complete = checklist?.complete ?? false;
  const shown = !!checklist && !complete && !dismissed;

  useEffect(() => {
    if (complete) setFinished(true);
  }, [complete]);

  // Whatever the manager saves anywhere (a pay schedule, a payroll ID, a paired device) may tick a step.
  useEffect(() => {
    if (!shown) return;
    const { queryKey } = setupQuery(location.id);
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success") {
        void queryClient.invalidateQueries({ queryKey });
      }
    });
  }, [shown, queryClient, location.id]);

  if (!shown) return null;
  const counted = checklist.steps.filter((step) => step.on_plan);
  const done = counted.filter((step) => step.done).length;
  const next = checklist.steps.find((step) => step.on_plan && !step.done);

  function dismiss() {
    try {
      localStorage.setItem(dismissedKey(location.id), "1");
    } catch {
      // Private browsing: dismissed until the page is loaded again.
    }
    setDismissed(true);
  }

  return (
    <section className="card setup-checklist" aria-labelledby={headingId}>
      <div className="setup-checklist__head">
        <div>
          <h2 id={headingId}>Get {location.name} ready</h2>
          <p className="muted setup-checklist__progress">
            {done} of {counted.length} steps done
          </p>
        </div>
        <div className="setup-checklist__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded={showAll}
            aria-controls={listId}
            onClick={() => setShowAll((value) => !value)}
          >
            {showAll ? "Next step only" : "All steps"}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      </div>
      <progress className="setup-checklist__bar" max={counted.length} value={done} aria-hidden="true" />
      <ol id={listId} className="setup-checklist__steps">
        {checklist.steps
          .filter((step) => showAll || step === next)
          .map((step) => (
            <StepItem
              key={step.id}
              step={step}
              checklist={checklist}
              location={location}
              next={step === next}
              onOpen={onOpen}
            />
          ))}
      </ol>
    </section>
  );
}
