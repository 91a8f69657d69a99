import type { KioskAppearance } from "@contracts/appearance";
import { STAFF_SEARCH_LIMIT } from "@contracts/hours";
import { PLANS } from "@domain/plans";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
// The dashboard's views, each from its own file rather than its feature's index.ts: the demo is a chunk
// of the landing page, and the features' tabs (their data, the API client) stay out of it.
import { AppearanceEditor } from "../../features/attendance-form/components/appearance-editor";
import { AddEmployeeForm } from "../../features/employees/components/add-employee-form";
import { BreakInfo } from "../../features/employees/components/break-info";
import { EmployeeFilters } from "../../features/employees/components/employee-filters";
import { EmployeeStats } from "../../features/employees/components/employee-stats";
import { EmployeeTable } from "../../features/employees/components/employee-table";
import {
  type AnalyticsPeriod,
  LeaveAnalyticsView,
} from "../../features/employees/components/leave-analytics-view";
import { type Filter, matchesFilter, matchesSearch } from "../../features/employees/filters";
import { BreakSettingsCard } from "../../features/hours/components/break-settings-card";
import { StaffHoursView } from "../../features/hours/components/staff-hours-view";
import { LiveStatusView } from "../../features/live-status/components/live-status-view";
import {
  DEMO_BREAK_SETTINGS,
  DEMO_EMPLOYEES,
  DEMO_LEAVE,
  DEMO_LIVE_STATUS,
  DEMO_LOCATION,
  DEMO_PERIOD,
  DEMO_STAFF_HOURS,
} from "./sample-data";

const TABS = ["Live Status", "Employees", "Hours", "Attendance Form"] as const;
type Tab = (typeof TABS)[number];

/** The dashboard, read-only, on sample data: the same components, with every action disabled. */
export default function DemoDashboard() {
  const [tab, setTab] = useState<Tab>("Live Status");
  let panel: ReactNode;
  if (tab === "Live Status") panel = <LiveStatusView status={DEMO_LIVE_STATUS} />;
  else if (tab === "Employees") panel = <DemoEmployees />;
  else if (tab === "Hours") panel = <DemoHours />;
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
      <div role="tablist" className="tabs" aria-label="Demo dashboard tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`demo-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="demo-panel"
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="demo-panel" aria-labelledby={`demo-tab-${tab}`} className="tab-panel">
        {panel}
      </div>
      <div className="demo__cta">
        <Link className="button button--large" to="/manager-dashboard">
          Start Your Free Trial
        </Link>
      </div>
    </section>
  );
}

function DemoEmployees() {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [period, setPeriod] = useState<AnalyticsPeriod>("this_month");
  const shown = DEMO_EMPLOYEES.filter((e) => matchesFilter(e, filter) && matchesSearch(e, search));
  return (
    <div className="employees">
      <BreakInfo settings={DEMO_BREAK_SETTINGS} overrides={1} employeeBreaks />
      <EmployeeStats employees={DEMO_EMPLOYEES} />
      <AddEmployeeForm />
      <EmployeeFilters search={search} filter={filter} onSearch={setSearch} onFilter={setFilter} />
      <EmployeeTable employees={shown} showBreaks />
      <LeaveAnalyticsView data={DEMO_LEAVE[period]} period={period} onPeriod={setPeriod} />
    </div>
  );
}

function DemoHours() {
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const rows = needle
    ? DEMO_STAFF_HOURS.filter((r) => `${r.name} ${r.username}`.toLowerCase().includes(needle)).slice(
        0,
        STAFF_SEARCH_LIMIT,
      )
    : DEMO_STAFF_HOURS;
  return (
    <>
      <BreakSettingsCard settings={DEMO_BREAK_SETTINGS} />
      <StaffHoursView rows={rows} periodInfo={DEMO_PERIOD} search={search} onSearch={setSearch} />
    </>
  );
}

function DemoAttendanceForm() {
  const [appearance, setAppearance] = useState<KioskAppearance>({
    button_shape: "rectangle",
    background_theme: "white",
    logo_url: null,
  });
  return (
    <section className="card" aria-labelledby="demo-appearance-heading">
      <div className="card__header">
        <h2 id="demo-appearance-heading">Kiosk appearance</h2>
        <button type="button" className="button button--ghost button--small" disabled>
          Open attendance page ↗
        </button>
      </div>
      <AppearanceEditor
        value={appearance}
        onChange={setAppearance}
        locationName={DEMO_LOCATION.name}
        recordBreaks={DEMO_BREAK_SETTINGS.record_breaks}
      />
    </section>
  );
}
