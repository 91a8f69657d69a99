import { PLANS } from "@domain/plans";
import { RETAIL } from "../../../seo/pages";
import { CtaBand } from "../components/cta-band";
import { MarketingHero } from "../components/marketing-hero";
import { PublicPage } from "../components/public-page";
import { RelatedPages } from "../components/related-pages";
import { usePageMeta } from "../use-page-meta";
import "../styles/marketing-pages.css";

const CHALLENGES = [
  {
    challenge: "You cannot see every branch at once.",
    solution:
      "Live Status for each location shows who has checked in, who has left and any shift still open, so you know the floor is covered before the doors open.",
  },
  {
    challenge: "Late starts and early finishes hide in paper sheets.",
    solution:
      "The kiosk records the minute someone clocks in or out. Nobody rounds, nobody fills the sheet in on Friday from memory.",
  },
  {
    challenge: "Break rules drift from store to store.",
    solution:
      "Set the standard break for each location and Clocked deducts it the same way everywhere, with per-person rules where needed, such as under-18s, who get 30 minutes after four and a half hours.",
  },
  {
    challenge: "Seasonal staff come and go.",
    solution:
      "Give a Christmas temp a PIN in seconds and deactivate them in January. Their hours stay on record for holiday pay and payroll questions.",
  },
  {
    challenge: "Payroll chases managers for hours.",
    solution:
      "Each branch's hours, breaks deducted, in one CSV for the week or month, plus a weekly report every Monday morning.",
  },
  {
    challenge: "Staff clock in for each other.",
    solution:
      "A personal four-digit PIN for everyone, and a lock after repeated wrong tries, make buddy punching more trouble than it is worth.",
  },
];

const CASE_CHANGES = [
  "Monday's hours reach the payroll bureau as a CSV, without anyone typing them up.",
  "Breaks are deducted by the same rule in all three shops, with an override for the two 17-year-old Saturday staff.",
  "The owner checks opening cover from her phone at 09:05 instead of phoning each shop.",
  "Christmas temps get a PIN on their first day and are deactivated in January, their hours kept.",
];

const RELATED = [
  {
    to: "/small-business-time-clock",
    title: "Running a single shop?",
    text: "The small business time clock: one location, a small team, the Starter plan.",
  },
  {
    to: "/time-tracking-software#compare",
    title: "Compare Starter, Pro and Business",
    text: "Locations, staff numbers, exports and reports, side by side.",
  },
];

export function RetailPage() {
  usePageMeta(RETAIL);
  const pro = PLANS.pro;
  return (
    <PublicPage>
      <MarketingHero page={RETAIL} eyebrow="Retail attendance software" />
      <section className="section" aria-labelledby="challenges-heading">
        <h2 id="challenges-heading">Retail challenges, and how Clocked solves them</h2>
        <ul className="challenge-list">
          {CHALLENGES.map((item) => (
            <li key={item.challenge} className="challenge">
              <p className="challenge__problem">
                <span className="challenge__label">Challenge</span> {item.challenge}
              </p>
              <p className="challenge__solution">
                <span className="challenge__label">Solution</span> {item.solution}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section case-study" aria-labelledby="case-heading">
        <p className="eyebrow">Case study</p>
        <h2 id="case-heading">Three homeware shops, one set of hours</h2>
        <p>
          An independent homeware retailer in Yorkshire with shops in Leeds, Harrogate and York and 34 staff,
          including Saturday and Christmas temps. Before Clocked, each shop kept a paper sign-in sheet; on
          Monday the owner collected photos of them and spent most of the morning typing hours into a
          spreadsheet for the payroll bureau.
        </p>
        <p>
          On {pro.name} ({pro.maxLocations} locations, up to {pro.maxEmployeesPerLocation} staff each) every
          shop has a tablet by the till running its own kiosk link. What changed:
        </p>
        <ul className="tick-list">
          {CASE_CHANGES.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
        <p className="small-print">
          An illustrative example of a typical set-up, not a named customer's testimonial.
        </p>
      </section>
      <RelatedPages pages={RELATED} />
      <CtaBand
        heading="Try it in your busiest branch first"
        text={`The ${pro.trialDays}-day Pro trial covers up to ${pro.maxLocations} locations, so you can run it in one shop and add the others when you are happy.`}
      />
    </PublicPage>
  );
}
