import type { Location } from "@contracts/locations";
import type { SetupChecklistResponse, SetupStep } from "@contracts/setup";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useId, useState } from "react";
import { openSubscriptionDialog } from "../../billing";
import { OpenKioskLink } from "../../kiosk-settings";
import { setupQuery } from "../api";
import "../setup.css";

/** Where a step leads: a dashboard tab, and the part of it to bring into view. */
export type SetupTarget = { tab: "employees" | "hours" | "kiosk-settings"; section?: string };

type Props = {
  location: Location;
  /** Opens the tab (the dashboard's tabs are the dashboard's to switch). */
  onOpen: (target: SetupTarget) => void;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

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

type StepProps = {
  step: SetupStep;
  checklist: SetupChecklistResponse;
  location: Location;
  /** The next step to take: its links are the filled buttons. */
  next: boolean;
  onOpen: Props["onOpen"];
};

function StepItem({ step, checklist, location, next, onOpen }: StepProps) {
  const text = stepText(step, checklist, location);
  const state = step.done ? "done" : step.on_plan ? "to-do" : "not-on-plan";
  const look = `button button--small${next ? "" : " button--ghost"}`;
  return (
    <li className="setup-step" data-state={state}>
      <span className="setup-step__mark" aria-hidden="true" />
      <div className="setup-step__text">
        <p className="setup-step__title">
          {text.title}
          <span className="visually-hidden">
            {step.done ? " (done)" : step.on_plan ? " (to do)" : " (on Pro and Business)"}
          </span>
        </p>
        <p className="muted setup-step__what">
          {step.done ? text.done : step.on_plan ? text.todo : text.notOnPlan}
        </p>
      </div>
      {!step.done && (
        <div className="setup-step__links">
          {!step.on_plan ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={openSubscriptionDialog}
            >
              See plans
            </button>
          ) : (
            text.links.map((link) =>
              "kiosk" in link ? (
                <OpenKioskLink key={link.label} location={location} label={link.label} />
              ) : (
                // The address names the tab (a new browser tab opens there); a click opens it here.
                <a
                  key={link.label}
                  className={look}
                  href={`/manager-dashboard?tab=${link.target.tab}`}
                  onClick={(event: MouseEvent) => {
                    event.preventDefault();
                    onOpen(link.target);
                  }}
                >
                  {link.label}
                </a>
              ),
            )
          )}
        </div>
      )}
    </li>
  );
}

/** Where a step leads: a tab of the dashboard, or the kiosk (in a new tab, which signs this browser out). */
type StepLink = { label: string; target: SetupTarget } | { label: string; kiosk: true };

type StepText = { title: string; todo: string; done: string; notOnPlan?: string; links: StepLink[] };

function stepText(step: SetupStep, checklist: SetupChecklistResponse, location: Location): StepText {
  const staff = checklist.active_employees;
  switch (step.id) {
    case "location":
      return { title: "Add your location", todo: "", done: `${location.name} is added.`, links: [] };
    case "staff":
      return {
        title: "Add your staff",
        todo: "Each gets a 4-digit PIN, which they type at the kiosk with their name to clock in and out.",
        done: `${plural(staff, "employee", "employees")} with a PIN.`,
        links: [{ label: "Add employees", target: { tab: "employees", section: ".add-employee" } }],
      };
    case "kiosk":
      return {
        title: "Open the kiosk",
        todo: "Pair the tablet or phone staff will clock in at with a one-time code, so nobody signs in to the dashboard on it; or open the kiosk page there.",
        done: "The kiosk is in use.",
        links: [
          { label: "Pair a tablet", target: { tab: "kiosk-settings", section: ".kiosk-devices" } },
          { label: "Open kiosk ↗", kiosk: true },
        ],
      };
    case "rules":
      return {
        title: "Set breaks and pay rules",
        todo: "Check the break rule (a 30-minute break is deducted on days worked over 6 hours unless you change it), then save your pay schedule.",
        done: "Breaks and pay rules are set.",
        notOnPlan: "Break settings, pay schedules and overtime are part of Pro and Business.",
        links: [{ label: "Go to Hours", target: { tab: "hours", section: ".pay-schedule" } }],
      };
    case "payroll_ids":
      return {
        title: "Add payroll IDs",
        todo:
          staff === 0
            ? "Give each employee their payroll ID (works number), so payroll exports match them."
            : `Give each employee their payroll ID (works number) under Pay, so payroll exports match them: ${plural(checklist.missing_payroll_ids, "employee has", "employees have")} none.`,
        done: "Every active employee has a payroll ID.",
        notOnPlan: "Payroll IDs and payroll exports are part of Pro and Business.",
        links: [{ label: "Go to Employees", target: { tab: "employees", section: ".employee-table" } }],
      };
  }
}
