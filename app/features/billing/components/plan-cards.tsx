import type { PlanId } from "@contracts/auth";
import { formatPounds } from "@domain/money";
import { PLANS, teamText } from "@domain/plans";

type Props = {
  /** Marked "Current plan" and not offered again. */
  current?: PlanId | null;
  busy?: PlanId | null;
  /** Whether a plan with a trial would start with it (the server decides; this only labels the card). */
  trialAvailable?: boolean;
  onChoose: (plan: PlanId) => void;
};

const limits = (id: PlanId) => {
  const plan = PLANS[id];
  const locations =
    plan.maxLocations === null
      ? "Unlimited locations"
      : `${plan.maxLocations} location${plan.maxLocations === 1 ? "" : "s"}`;
  return `${plan.maxEmployeesPerLocation} employees per location · ${locations} · ${teamText(plan)}`;
};

const EXTRAS: Record<PlanId, string> = {
  starter: "7-day reports, timesheet corrections, basic kiosk customisation",
  pro: "Team roles (admins, location managers, payroll), logo, CSV exports, timesheet approval and payroll exports, break management, AI assistant, 14-day and monthly reports",
  business: "Everything in Pro, advanced break management, full reporting, priority support",
};

/** Starter, Pro and Business, with prices from the plan module. */
export function PlanCards({ current, busy, trialAvailable = true, onChoose }: Props) {
  return (
    <div className="plan-grid">
      {Object.values(PLANS).map((plan) => (
        <article key={plan.id} className={`plan-card${plan.id === current ? " plan-card--current" : ""}`}>
          <h3>{plan.name}</h3>
          <p className="plan-card__price">
            {formatPounds(plan.monthlyPence)}
            <span>/month</span>
          </p>
          <p className="muted">+ {formatPounds(plan.oneOffPence)} one-off implementation</p>
          {plan.trialDays > 0 && trialAvailable && (
            <p className="plan-card__trial">{plan.trialDays}-day free trial</p>
          )}
          <p>{limits(plan.id)}</p>
          <p className="muted">{EXTRAS[plan.id]}</p>
          {plan.id === current ? (
            <p className="plan-card__current">Current plan</p>
          ) : (
            <button
              type="button"
              className="button button--block"
              disabled={busy !== null && busy !== undefined}
              onClick={() => onChoose(plan.id)}
            >
              {busy === plan.id ? "Opening payment page..." : `Choose ${plan.name}`}
            </button>
          )}
        </article>
      ))}
    </div>
  );
}
