import { useEffect } from "react";
import { Link } from "react-router";
import { SiteHeader } from "../components/site-header";

export type MarketingPage = {
  title: string;
  heading: string;
  intro: string;
  links: { to: string; label: string }[];
  /** Offers the 3-day Pro trial's payment page in a new tab (spec §2). */
  trialLink?: boolean;
};

export const MARKETING_PAGES: Record<string, MarketingPage> = {
  "/time-tracking-software": {
    title: "Time tracking software for UK businesses — Clocked",
    heading: "Time tracking software for UK businesses",
    intro: "Record every shift accurately with a PIN kiosk and see hours, breaks and leave in one place.",
    links: [
      { to: "/small-business-time-clock", label: "Time clock for small businesses" },
      { to: "/retail-attendance-software", label: "Retail attendance software" },
      { to: "/", label: "Clocked home" },
    ],
  },
  "/small-business-time-clock": {
    title: "Small business time clock — Clocked",
    heading: "A time clock built for small businesses",
    intro: "Turn any tablet into a clock-in kiosk in minutes. No hardware, no training.",
    links: [
      { to: "/retail-attendance-software", label: "Retail attendance software" },
      { to: "/time-tracking-software", label: "UK time tracking software" },
      { to: "/", label: "Clocked home" },
    ],
  },
  "/retail-attendance-software": {
    title: "Retail attendance software — Clocked",
    heading: "Attendance software for retail and chain stores",
    intro: "See who is on the shop floor across every branch, live.",
    trialLink: true,
    links: [
      { to: "/small-business-time-clock", label: "Time clock for small businesses" },
      { to: "/", label: "Clocked home" },
    ],
  },
};

export default function MarketingRoute({ path }: { path: string }) {
  const page = MARKETING_PAGES[path];
  useEffect(() => {
    if (page) document.title = page.title;
  }, [page]);
  if (!page) return null;
  return (
    <>
      <SiteHeader />
      <main className="hero">
        <h1>{page.heading}</h1>
        <p>{page.intro}</p>
        {page.trialLink && (
          <p>
            <a className="button button--large" href="/purchase/pro" target="_blank" rel="noopener">
              Start your 3-day Pro trial ↗
            </a>
          </p>
        )}
        <nav aria-label="Related pages">
          <ul className="link-list">
            {page.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </main>
    </>
  );
}
