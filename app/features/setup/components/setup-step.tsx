import type { Location } from "@contracts/locations";
import type { SetupChecklistResponse, SetupStep } from "@contracts/setup";
import type { MouseEvent } from "react";
import { openSubscriptionDialog } from "../../billing";
import { OpenKioskLink } from "../../kiosk-settings";
import { type SetupTarget, stepText } from "../step-text";

type StepProps = {
  step: SetupStep;
  checklist: SetupChecklistResponse;
  location: Location;
  /** The next step to take: its links are the filled buttons. */
  next: boolean;
  onOpen: (target: SetupTarget) => void;
};

/** One step: done, to do (with its links), or not on this plan. */
export function StepItem({ step, checklist, location, next, onOpen }: StepProps) {
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
