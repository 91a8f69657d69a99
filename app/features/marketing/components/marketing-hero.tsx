import { Link } from "react-router";
import type { SeoPage } from "../../../seo/pages";
import { TrialLink } from "./trial-link";

/** A marketing page's opening: the same heading and intro the prerendered HTML carries. */
export function MarketingHero({ page, eyebrow }: { page: SeoPage; eyebrow: string }) {
  return (
    <section className="marketing-hero" aria-labelledby="page-heading">
      <p className="eyebrow">{eyebrow}</p>
      <h1 id="page-heading">{page.heading}</h1>
      <p className="marketing-hero__intro">{page.intro}</p>
      <div className="cta-row">
        <Link className="button button--large" to="/manager-dashboard">
          Start Free Trial
        </Link>
        <TrialLink />
      </div>
    </section>
  );
}
