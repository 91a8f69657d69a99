import { useState } from "react";
import { Link } from "react-router";
import { FeatureList } from "./feature-list";
import { FindPlanDialog } from "./find-plan-dialog";
import { LandingHero } from "./landing-hero";
import { PlansSection } from "./plans-section";
import "../styles/landing.css";

const GUIDES = [
  {
    to: "/time-tracking-software",
    title: "UK time tracking",
    text: "Working time, holiday pay records and payroll exports, explained.",
  },
  {
    to: "/small-business-time-clock",
    title: "Small business time clock",
    text: "From paper timesheets to a PIN kiosk on the tablet you already have.",
  },
  {
    to: "/retail-attendance-software",
    title: "Retail and chain stores",
    text: "Every branch's shop floor, live, and one set of hours for payroll.",
  },
];

/** The landing page's Home tab. */
export function LandingHome() {
  const [findingPlan, setFindingPlan] = useState(false);
  const findPlan = () => setFindingPlan(true);
  return (
    <>
      <LandingHero onFindPlan={findPlan} />
      <FeatureList />
      <PlansSection onFindPlan={findPlan} />
      <section className="section" aria-labelledby="guides-heading">
        <h2 id="guides-heading">Guides for UK owners</h2>
        <ul className="guide-grid">
          {GUIDES.map((guide) => (
            <li key={guide.to}>
              <Link className="guide-card" to={guide.to}>
                <strong>{guide.title}</strong>
                <span>{guide.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {findingPlan && <FindPlanDialog onClose={() => setFindingPlan(false)} />}
    </>
  );
}
