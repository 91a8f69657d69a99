import { formatPounds } from "@domain/money";
import { PLANS } from "@domain/plans";
import { SMALL_BUSINESS } from "../../../seo/pages";
import { CtaBand } from "../components/cta-band";
import { InfoSection } from "../components/info-section";
import { MarketingHero } from "../components/marketing-hero";
import { PlanCard } from "../components/plan-card";
import { PublicPage } from "../components/public-page";
import { RelatedPages } from "../components/related-pages";
import { usePageMeta } from "../use-page-meta";
import "../styles/marketing-pages.css";

const REASONS = [
  {
    title: "No more reading handwriting",
    text: "Paper sign-in sheets get smudged, lost and filled in at the end of the week from memory. Kiosk times are exact, and nobody has to type them up.",
  },
  {
    title: "Nobody clocks in for a mate",
    text: "Everyone has their own four-digit PIN. Several wrong tries lock that name for a while, so guessing does not pay.",
  },
  {
    title: "Hours add themselves up",
    text: "Clocked totals each person's week, takes off the unpaid break you set, and shows anyone still clocked in.",
  },
  {
    title: "Know who's in from anywhere",
    text: "Check from your phone whether the morning shift has arrived, without ringing the shop.",
  },
];

const FITS = [
  {
    title: "Cafés and takeaways",
    text: "Early starts, split shifts and weekend staff: each shift is on record, however it falls.",
  },
  {
    title: "Salons and barbers",
    text: "Keep the kiosk on the reception tablet; stylists clock in between clients in seconds.",
  },
  {
    title: "Independent shops",
    text: "Saturday staff and Christmas temps get a PIN on day one and are deactivated when they leave, with their hours kept.",
  },
];

const FAQ = [
  {
    question: "Do my staff need an app or an account?",
    answer:
      "No. The kiosk is a web page on a shared device. Staff choose their initial and name and type their PIN; they never sign in or install anything.",
  },
  {
    question: "What equipment do I need?",
    answer:
      "Any tablet, phone or computer with an up-to-date browser and an internet connection. Most owners use a spare tablet on a stand.",
  },
  {
    question: "How are PINs kept safe?",
    answer:
      "PINs are stored hashed, never as plain text, and repeated wrong guesses lock the name for a while. You can change anyone's PIN from the dashboard.",
  },
  {
    question: "What happens when the free trial ends?",
    answer: `The ${PLANS.pro.trialDays}-day Pro trial becomes a monthly plan unless you cancel before it ends. You can cancel any time from your dashboard, and fees are charged monthly in advance.`,
  },
];

const RELATED = [
  {
    to: "/retail-attendance-software",
    title: "Retail attendance software",
    text: "Opening a second shop? See how Clocked works across branches.",
  },
  {
    to: "/time-tracking-software",
    title: "UK time tracking software",
    text: "Working time, holiday pay records and payroll exports, explained.",
  },
  { to: "/", title: "Clocked home", text: "Everything Clocked does, the plans and the demo." },
];

export function SmallBusinessPage() {
  usePageMeta(SMALL_BUSINESS);
  const starter = PLANS.starter;
  return (
    <PublicPage>
      <MarketingHero page={SMALL_BUSINESS} eyebrow="Small business time clock" />
      <InfoSection
        id="reasons"
        title="Why owners swap paper for a PIN kiosk"
        items={REASONS}
        layout="pairs"
      />
      <InfoSection id="fits" title="Made for small teams like yours" items={FITS} />
      <section className="section price-split" aria-labelledby="cost-heading">
        <div>
          <h2 id="cost-heading">What it costs</h2>
          <p>
            {starter.name} is {formatPounds(starter.monthlyPence)} a month after a{" "}
            {formatPounds(starter.oneOffPence)} one-off implementation fee, for up to{" "}
            {starter.maxEmployeesPerLocation} staff at one location. No hardware to buy and no contract beyond
            the month you have paid for.
          </p>
          <p className="muted">
            Opening a second site? {PLANS.pro.name} covers up to {PLANS.pro.maxLocations} locations with{" "}
            {PLANS.pro.maxEmployeesPerLocation} staff each, and you can try it free first.
          </p>
        </div>
        <PlanCard plan={starter} />
      </section>
      <section className="section" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Questions owners ask</h2>
        <div className="faq">
          {FAQ.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p className="faq__answer">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
      <RelatedPages pages={RELATED} />
      <CtaBand
        heading="Put your time clock on the counter today"
        text="Create an account, add your team and open the kiosk link on a tablet. That is the whole set-up."
      />
    </PublicPage>
  );
}
