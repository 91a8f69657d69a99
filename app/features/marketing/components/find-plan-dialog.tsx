import type { PlanId } from "@contracts/auth";
import { PLANS } from "@domain/plans";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { employeesText, locationsText, priceText, trialText } from "../plan-copy";

// Industry solutions: each recommends one plan.
const INDUSTRIES: readonly { id: string; label: string; plan: PlanId; why: string }[] = [
  {
    id: "cafes",
    label: "Cafés, Shops & Salons",
    plan: "starter",
    why: "One site and a small team: a PIN kiosk on the counter, a live view of who's in and weekly hours.",
  },
  {
    id: "retail",
    label: "Retail & Chain Stores",
    plan: "pro",
    why: "A few branches and a payroll to feed: break rules per store, CSV exports and your logo on every kiosk.",
  },
  {
    id: "multi-site",
    label: "Multi-Site Operations",
    plan: "business",
    why: "Many sites and bigger teams: no limit on locations, advanced break management and the full reporting suite.",
  },
];

/** 'Find your plan': a modal <dialog>. Escape or Close shuts it and focus returns to the opener. */
export function FindPlanDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Whatever had focus when the dialog opened (the button that opened it) gets it back on close.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const [industryId, setIndustryId] = useState<string | null>(null);
  const industry = INDUSTRIES.find((i) => i.id === industryId);
  const plan = industry ? PLANS[industry.plan] : null;

  useEffect(() => {
    const returnTo = opener.current;
    dialog.current?.showModal();
    return () => returnTo?.focus();
  }, []);

  return (
    <dialog ref={dialog} className="modal find-plan" aria-labelledby="find-plan-title" onClose={onClose}>
      <h2 id="find-plan-title">Find your plan</h2>
      <p className="muted" id="find-plan-question">
        What kind of business do you run?
      </p>
      <ul className="find-plan__options" aria-labelledby="find-plan-question">
        {INDUSTRIES.map((option) => (
          <li key={option.id}>
            <button
              type="button"
              className="find-plan__option"
              aria-pressed={option.id === industryId}
              onClick={() => setIndustryId(option.id)}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="find-plan__answer" aria-live="polite">
        {industry && plan && (
          <>
            <h3>We recommend {plan.name}</h3>
            <p>{industry.why}</p>
            <p className="muted">
              {employeesText(plan)} · {locationsText(plan)}. {priceText(plan)}.
            </p>
            <Link className="button" to={`/purchase/${plan.id}`}>
              {trialText(plan) ? `Start ${trialText(plan)}` : `Choose ${plan.name}`}
            </Link>
          </>
        )}
      </div>
      <div className="find-plan__actions">
        <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
