import type { KioskAppearance } from "@contracts/appearance";
import { STAFF_SEARCH_LIMIT } from "@contracts/hours";
import { useState } from "react";
// The dashboard's views, each from its own file rather than its feature's index.ts (the features' tabs, their
// data and the API client stay out of the landing page). This module is the demo's second chunk: its tabs
// other than Live Status, fetched when the visitor reaches for the tabs.
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
import { AppearanceEditor } from "../../features/kiosk-settings/components/appearance-editor";
import {
  DEMO_BREAK_SETTINGS,
  DEMO_EMPLOYEES,
  DEMO_LEAVE,
  DEMO_LOCATION,
  DEMO_PERIOD,
  DEMO_STAFF_HOURS,
} from "./sample-data";

export { DemoCompliance } from "./demo-compliance";

export function DemoEmployees() {
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

export function DemoHours() {
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

export function DemoAttendanceForm() {
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
