import { formatPounds } from "@domain/money";
import type { Plan } from "@domain/plans";
import { Link } from "react-router";
import { employeesText, locationsText, PLAN_FEATURES, PLAN_NOTES, teamText, trialText } from "../plan-copy";
import "../styles/plans.css";

/** One plan: prices and limits from the plan table, words from plan-copy. */
export function PlanCard({ plan, headingLevel = 3 }: { plan: Plan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const trial = trialText(plan);
  return (
    <article className={`plan-card${trial ? " plan-card--featured" : ""}`} aria-label={`${plan.name} plan`}>
      <Heading>{plan.name}</Heading>
      <p className="plan-card__note">{PLAN_NOTES[plan.id](plan)}</p>
      <p className="plan-card__price">
        {formatPounds(plan.monthlyPence)}
        <span>/month</span>
      </p>
      <p className="muted">{formatPounds(plan.oneOffPence)} one-off implementation fee</p>
      <ul className="plan-card__limits">
        <li>{employeesText(plan)}</li>
        <li>{locationsText(plan)}</li>
        <li>{teamText(plan)}</li>
      </ul>
      <ul className="plan-card__features">
        {PLAN_FEATURES[plan.id].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link className={`button button--block${trial ? "" : " button--ghost"}`} to={`/purchase/${plan.id}`}>
        {trial ? `Start ${trial}` : `Choose ${plan.name}`}
      </Link>
    </article>
  );
}
