import { TIME_TRACKING } from "../../../seo/pages";
import { CtaBand } from "../components/cta-band";
import { InfoSection } from "../components/info-section";
import { MarketingHero } from "../components/marketing-hero";
import { PlanComparison } from "../components/plan-comparison";
import { PublicPage } from "../components/public-page";
import { RelatedPages } from "../components/related-pages";
import { usePageMeta } from "../use-page-meta";
import "../styles/marketing-pages.css";

const RECORDS = [
  {
    title: "Working time",
    text: "The Working Time Regulations cap the average working week at 48 hours unless someone has opted out, and give a 20-minute break to anyone working more than six hours. Clocked keeps real start, finish and break times, so you can see who is close to the limit before it becomes a problem.",
  },
  {
    title: "Holiday pay",
    text: "For leave years starting on or after 01/04/2024, irregular-hours and part-year workers build up holiday at 12.07% of the hours they work. Clocked keeps those hours week by week, and records holiday, sickness, parental leave and training with their dates.",
  },
  {
    title: "Payroll and HMRC",
    text: "HMRC expects payroll records to be kept for three years after the tax year, and minimum wage records for six. Clocked exports each person's hours as a CSV your payroll software or bureau can import, for the week or month you choose.",
  },
  {
    title: "Breaks, done the same way every time",
    text: "Set a standard unpaid break for the day and Clocked deducts it from the hours automatically, with a different rule for anyone who needs one. No more arguing over who took a long lunch.",
  },
];

const STEPS = [
  {
    title: "1. Add your location and staff",
    text: "Type in each person's name and give them a four-digit PIN. A team of ten takes about ten minutes.",
  },
  {
    title: "2. Open the kiosk on a tablet",
    text: "Every location has its own kiosk link. Open it on a tablet by the door or behind the counter and leave it there.",
  },
  {
    title: "3. Staff clock in and out",
    text: "Check In, their initial, their name, their PIN: a few seconds at the start and end of each shift.",
  },
  {
    title: "4. Hours are ready when you are",
    text: "Watch who is in live, check the week's hours with breaks deducted, and export them for payroll.",
  },
];

const RELATED = [
  {
    to: "/small-business-time-clock",
    title: "Time clock for small businesses",
    text: "Replacing paper timesheets in a café, salon or shop with a tablet and a PIN.",
  },
  {
    to: "/retail-attendance-software",
    title: "Retail attendance software",
    text: "Live cover across branches, consistent breaks and one set of hours for payroll.",
  },
  { to: "/", title: "Clocked home", text: "What Clocked does, the plans and prices, and the demo." },
];

export function TimeTrackingPage() {
  usePageMeta(TIME_TRACKING);
  return (
    <PublicPage>
      <MarketingHero page={TIME_TRACKING} eyebrow="UK time tracking" />
      <InfoSection
        id="records"
        title="Records that stand up when someone asks"
        intro="A payroll query, a holiday pay claim or an HMRC minimum wage check all come down to the same thing: what hours did this person work? Clocked answers from the kiosk, not from memory."
        items={RECORDS}
        layout="pairs"
      />
      <InfoSection id="how" title="How it works" items={STEPS} layout="row" />
      <PlanComparison />
      <p className="small-print section">
        This page is a plain-English summary, not legal advice. GOV.UK publishes the current rules on working
        time, holiday entitlement and keeping payroll records.
      </p>
      <RelatedPages pages={RELATED} />
      <CtaBand
        heading="Start recording real hours this week"
        text="Set up a location, add your team and put the kiosk on a tablet. Pro's free trial includes CSV exports and break rules."
      />
    </PublicPage>
  );
}
