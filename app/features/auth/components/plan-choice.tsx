import { PLANS } from "../../../../worker/domain/plans";

const pounds = (pence: number) => `£${(pence / 100).toFixed(0)}`;

/** Shown when sign-in says a subscription is required (suspended account or an ended trial). */
export function PlanChoice({ onBack }: { onBack: () => void }) {
  return (
    <div className="auth-card auth-card--wide">
      <h1>Choose a plan to continue</h1>
      <p className="muted">Your subscription needs attention. Pick a plan to get back to your dashboard.</p>
      <div className="plan-grid">
        {Object.values(PLANS).map((plan) => (
          <article key={plan.id} className="plan-card">
            <h2>{plan.name}</h2>
            <p className="plan-card__price">
              {pounds(plan.monthlyPence)}
              <span>/month</span>
            </p>
            <p className="muted">{pounds(plan.oneOffPence)} one-off implementation</p>
            <p>
              {plan.maxEmployeesPerLocation} employees per location ·{" "}
              {plan.maxLocations === null
                ? "unlimited locations"
                : `${plan.maxLocations} location${plan.maxLocations > 1 ? "s" : ""}`}
            </p>
            <p className="coming-soon">Online payment opens with billing.</p>
          </article>
        ))}
      </div>
      <button type="button" className="button button--ghost" onClick={onBack}>
        Back to Login
      </button>
    </div>
  );
}
