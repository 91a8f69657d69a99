import { Link } from "react-router";
import { TrialLink } from "./trial-link";

export function CtaBand({ heading, text }: { heading: string; text: string }) {
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <h2 id="cta-heading">{heading}</h2>
      <p>{text}</p>
      <div className="cta-row">
        <Link className="button button--large" to="/manager-dashboard">
          Start Free Trial
        </Link>
        <TrialLink />
      </div>
    </section>
  );
}
