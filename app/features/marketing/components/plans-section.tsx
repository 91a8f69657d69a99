import { PLANS } from "@domain/plans";
import { PLAN_LIST } from "../plan-copy";
import { PlanCard } from "./plan-card";

export function PlansSection({ onFindPlan }: { onFindPlan: () => void }) {
  return (
    <section className="section" id="plans" aria-labelledby="plans-heading">
      <div className="section__header">
        <div>
          <h2 id="plans-heading">Plans</h2>
          <p className="muted">
            A one-off implementation fee to set you up, then one monthly price. All prices in pounds sterling.
          </p>
        </div>
        <button type="button" className="button button--ghost" onClick={onFindPlan}>
          Find your plan
        </button>
      </div>
      <div className="plan-grid">
        {PLAN_LIST.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
      <p className="small-print">
        The {PLANS.pro.trialDays}-day Pro trial becomes a monthly plan unless you cancel before it ends. You
        can cancel any time from your dashboard; fees are charged monthly in advance.
      </p>
    </section>
  );
}
