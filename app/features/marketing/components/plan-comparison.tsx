import { COMPARISON_ROWS, PLAN_LIST } from "../plan-copy";
import "../styles/plans.css";

/** Starter, Pro and Business side by side; other pages link here as /time-tracking-software#compare. */
export function PlanComparison() {
  return (
    <section className="section" id="compare" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare plans</h2>
      <p className="muted">From a single café to a national chain. All prices in pounds sterling.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, so the keyboard must reach it */}
      <section className="table-scroll" aria-label="Plan comparison table" tabIndex={0}>
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Feature</span>
              </th>
              {PLAN_LIST.map((plan) => (
                <th key={plan.id} scope="col">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {PLAN_LIST.map((plan) => (
                  <td key={plan.id}>{row.cell(plan)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
