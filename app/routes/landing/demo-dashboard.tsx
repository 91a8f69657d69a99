import { PLANS } from "@domain/plans";
import { lazy, type ReactNode, Suspense, startTransition, useState } from "react";
import { Link } from "react-router";
// Live Status from its own file rather than its feature's index.ts: the demo is a chunk of the landing page,
// and the features' tabs (their data, the API client) stay out of it. The other tabs are a second chunk
// (demo-panels.tsx, with the contracts' validation they need), fetched when a visitor reaches for the tabs:
// opening the demo runs no more code than its first tab needs.
import { LiveStatusView } from "../../features/live-status/components/live-status-view";
import { DEMO_EMPLOYEES, DEMO_LIVE_STATUS, DEMO_LOCATION } from "./sample-data";

const panels = () => import("./demo-panels");
const DemoEmployees = lazy(() => panels().then((m) => ({ default: m.DemoEmployees })));
const DemoHours = lazy(() => panels().then((m) => ({ default: m.DemoHours })));
const DemoCompliance = lazy(() => panels().then((m) => ({ default: m.DemoCompliance })));
const DemoAttendanceForm = lazy(() => panels().then((m) => ({ default: m.DemoAttendanceForm })));

const TABS = ["Live Status", "Employees", "Hours", "Compliance", "Attendance Form"] as const;
type Tab = (typeof TABS)[number];

/** The dashboard, read-only, on sample data: the same components, with every action disabled. */
export default function DemoDashboard() {
  const [tab, setTab] = useState<Tab>("Live Status");
  let panel: ReactNode;
  if (tab === "Live Status") panel = <LiveStatusView status={DEMO_LIVE_STATUS} />;
  else if (tab === "Employees") panel = <DemoEmployees />;
  else if (tab === "Hours") panel = <DemoHours />;
  else if (tab === "Compliance") panel = <DemoCompliance />;
  else panel = <DemoAttendanceForm />;

  return (
    <section className="demo" aria-labelledby="demo-heading">
      <div className="demo__intro">
        <h1 id="demo-heading">Try the dashboard</h1>
        <p className="muted">
          A read-only look at {DEMO_LOCATION.name}, a made-up bakery on the Pro plan. Nothing here is saved.
        </p>
        <p className="demo__badge">
          <strong>
            {DEMO_EMPLOYEES.length} / {PLANS.pro.maxEmployeesPerLocation} employees
          </strong>{" "}
          <span className="muted">
            (Starter: {PLANS.starter.maxEmployeesPerLocation} | Pro: {PLANS.pro.maxEmployeesPerLocation} |
            Business: {PLANS.business.maxEmployeesPerLocation})
          </span>
        </p>
      </div>
      <div
        role="tablist"
        className="tabs"
        aria-label="Demo dashboard tabs"
        onPointerEnter={() => void panels()}
        onFocus={() => void panels()}
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`demo-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="demo-panel"
            className="tabs__tab"
            // In a transition: the open tab stays until the next one's code has arrived.
            onClick={() => startTransition(() => setTab(name))}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="demo-panel" aria-labelledby={`demo-tab-${tab}`} className="tab-panel">
        {/* The panel's own heading: some views start at the third level (the dashboard's tab names them). */}
        <h2 className="visually-hidden">{tab}</h2>
        <Suspense fallback={<p className="muted">Loading…</p>}>{panel}</Suspense>
      </div>
      <div className="demo__cta">
        <Link className="button button--large" to="/manager-dashboard">
          Start Your Free Trial
        </Link>
      </div>
    </section>
  );
}
