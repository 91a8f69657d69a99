// The search-facing facts of every public page, in one place. The React pages render `heading` and
// `intro`; the build (scripts/seo/prerender-plugin.ts) renders each page with React into the HTML its
// path is served with, together with the <title>, description, canonical and Open Graph tags, so crawlers
// and link previews read it without running JavaScript, and the browser hydrates it rather than replacing
// it. Plain data only: this file is also compiled for Node.

export type SeoPath =
  | "/"
  | "/time-tracking-software"
  | "/small-business-time-clock"
  | "/retail-attendance-software";

export type SeoPage = {
  path: SeoPath;
  title: string;
  description: string;
  heading: string;
  intro: string;
  ogType: "website" | "article";
  /** The screen that renders it: app/routes/<screen>.tsx, the lazy route app/router.tsx gives this path. */
  screen: "landing" | "marketing";
};

export const SITE_NAME = "Clocked";

/** Used when APP_URL is not set at build time (README, Configuration). */
export const DEFAULT_SITE_ORIGIN = "https://clocked.example";

export const LANDING: SeoPage = {
  path: "/",
  title: "Clocked — staff clock-in and attendance software for UK businesses",
  description:
    "Turn any tablet into a PIN clock-in kiosk, see who is in at every site live, and pay from accurate hours, breaks and holiday records. For UK cafés, shops, salons and multi-site teams.",
  heading: "Staff clock in with a PIN. You see who's in, live.",
  intro:
    "Clocked turns any tablet into a clock-in kiosk for your café, shop, salon or chain of sites. Every shift, break and day of leave lands in one place, so payroll, holiday pay and working-time checks come from real hours, not guesswork.",
  ogType: "website",
  screen: "landing",
};

export const TIME_TRACKING: SeoPage = {
  path: "/time-tracking-software",
  title: "Time tracking software for UK businesses | Clocked",
  description:
    "Record shifts, breaks and leave with a PIN clock-in kiosk and export accurate hours for payroll. Built around UK working-time rules, holiday pay records and HMRC-ready payroll data.",
  heading: "Time tracking software built for UK employers",
  intro:
    "Clocked records when each member of staff starts, stops and takes a break, at a kiosk on any tablet. You get hours you can run payroll from, the records behind holiday pay and the Working Time Regulations, and a live view of who is on site.",
  ogType: "article",
  screen: "marketing",
};

export const SMALL_BUSINESS: SeoPage = {
  path: "/small-business-time-clock",
  title: "Small business time clock — no hardware needed | Clocked",
  description:
    "Turn the tablet behind your counter into a staff time clock in minutes. PIN clock-in stops buddy punching, hours add themselves up, and the Starter plan suits teams of 5 to 10.",
  heading: "The time clock for small businesses",
  intro:
    "No card machine, no fingerprint reader, no adding up timesheets at the end of the month. Put Clocked on the tablet you already have, staff clock in with a four-digit PIN, and you check their hours from your phone.",
  ogType: "article",
  screen: "marketing",
};

export const RETAIL: SeoPage = {
  path: "/retail-attendance-software",
  title: "Retail attendance software for shops and chains | Clocked",
  description:
    "See who is on the shop floor at every branch, live. PIN clock-in, break rules per store, weekly hours reports and payroll-ready exports for UK retailers and chain stores.",
  heading: "Attendance software for retail and chain stores",
  intro:
    "When you run more than one shop you cannot stand at every till. Clocked shows who has clocked in at each branch right now, keeps breaks consistent from store to store, and gives payroll one clean set of hours every week.",
  ogType: "article",
  screen: "marketing",
};

export const SEO_PAGES: readonly SeoPage[] = [LANDING, TIME_TRACKING, SMALL_BUSINESS, RETAIL];

export const seoPageFor = (path: string): SeoPage | undefined => SEO_PAGES.find((page) => page.path === path);

/** Paths search engines should not index: the app's screens behind the public pages. */
export const PRIVATE_PATHS = ["/api/", "/manager-dashboard", "/super-admin", "/kiosk", "/attendance/"];

export const absoluteUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;
