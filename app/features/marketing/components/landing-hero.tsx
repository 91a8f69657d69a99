import { Link } from "react-router";
import { LANDING } from "../../../seo/pages";

const PROMISES = [
  "No hardware to buy: any tablet will do",
  "Hours ready for payroll",
  "Set up in an afternoon",
];

// An example of the live view, in words a screen reader reads too.
const EXAMPLE = [
  { name: "Priya Patel", state: "In since 08:56" },
  { name: "Tom Nowak", state: "In since 09:02" },
  { name: "Aisha Khan", state: "On holiday this week" },
  { name: "Jack Evans", state: "Left at 14:30" },
];

type Props = { onFindPlan: () => void };

export function LandingHero({ onFindPlan }: Props) {
  return (
    <section className="landing-hero" aria-labelledby="landing-heading">
      <div className="landing-hero__text">
        <p className="eyebrow">Time and attendance for UK businesses</p>
        <h1 id="landing-heading">{LANDING.heading}</h1>
        <p className="landing-hero__intro">{LANDING.intro}</p>
        <div className="cta-row">
          <Link className="button button--large" to="/manager-dashboard">
            Start Free Trial
          </Link>
          <button type="button" className="button button--large button--ghost" onClick={onFindPlan}>
            Find your plan
          </button>
          {/* A link, not a button: it works before the app's scripts have run (LandingPage follows #demo). */}
          <a href="#demo" className="link-button">
            See the demo
          </a>
        </div>
        <ul className="promise-list">
          {PROMISES.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </div>
      <figure className="live-example">
        <figcaption>
          <span className="live-example__dot" aria-hidden="true" />
          Example: Camden High Street, live
        </figcaption>
        <p className="live-example__count">
          <strong>2</strong> checked in · <strong>1</strong> on leave
        </p>
        <ul>
          {EXAMPLE.map((row) => (
            <li key={row.name}>
              <span>{row.name}</span>
              <span className="muted">{row.state}</span>
            </li>
          ))}
        </ul>
      </figure>
    </section>
  );
}
