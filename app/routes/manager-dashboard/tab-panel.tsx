import type { Location } from "@contracts/locations";
import type { Permission } from "@contracts/team";
import { Suspense } from "react";
import { loadEmployeesTab } from "../../features/employees";
import { loadHoursTab } from "../../features/hours";
import { loadKioskSettingsTab } from "../../features/kiosk-settings";
import { loadLeaveTab } from "../../features/leave";
import { type LiveStatusState, LiveStatusTab } from "../../features/live-status";
import { loadRotaTab } from "../../features/rota";
import { lazyComponent } from "../../lib/lazy";

/** The dashboard's tabs, each with what a team member's role needs to see it (docs/team.md). */
export const TABS = [
  { id: "live", label: "Live Status", permission: "live:read" },
  { id: "employees", label: "Employees", permission: "employees:read" },
  { id: "hours", label: "Hours", permission: "hours:read" },
  { id: "rota", label: "Rota", permission: "rota:read" },
  { id: "leave", label: "Leave", permission: "leave:read" },
  { id: "compliance", label: "Compliance", permission: "compliance:read" },
  { id: "kiosk-settings", label: "Attendance Form", permission: "kiosk:edit" },
] as const satisfies readonly { id: string; label: string; permission: Permission }[];

export type TabId = (typeof TABS)[number]["id"];

// Live Status is the first screen and comes with the dashboard; every other tab is its own chunk, fetched
// when its button is pointed at or focused, and at the latest when it opens.
const EmployeesTab = lazyComponent(loadEmployeesTab);
const HoursTab = lazyComponent(loadHoursTab);
// The compliance feature's index is itself loaded with the tab: it also exports the holiday balances' query
// (for the Employees tab), which would otherwise come with the first screen.
const ComplianceTab = lazyComponent(() =>
  import("../../features/compliance").then((compliance) => compliance.loadComplianceTab()),
);
const KioskSettingsTab = lazyComponent(loadKioskSettingsTab);
const RotaTab = lazyComponent(loadRotaTab);
const LeaveTab = lazyComponent(loadLeaveTab);
const LAZY_TABS: Record<TabId, { prefetch: () => Promise<unknown> } | null> = {
  live: null,
  employees: EmployeesTab,
  hours: HoursTab,
  rota: RotaTab,
  leave: LeaveTab,
  compliance: ComplianceTab,
  "kiosk-settings": KioskSettingsTab,
};

/** Starts downloading a tab's code before it opens. */
export function prefetchTab(id: TabId) {
  LAZY_TABS[id]?.prefetch().catch(() => {
    // Opening the tab tries again, and shows the failure there.
  });
}

type Props = {
  active: TabId;
  location: Location;
  live: LiveStatusState;
  plan: string;
  /** The Employees tab showing just these employees (the payroll export's link), or everyone. */
  onlyEmployees: string[] | null;
  onShowAll: () => void;
  /** The pay period the Monday e-mail's link opens in the Hours tab. */
  openPayPeriod: string | undefined;
};

/** The open tab's content. */
export function TabPanel({ active, location, live, plan, onlyEmployees, onShowAll, openPayPeriod }: Props) {
  if (active === "live") return <LiveStatusTab location={location} live={live} />;
  return (
    // While a tab's code arrives: one quiet line in a panel as tall as a tab, so the page does not jump.
    <Suspense fallback={<p className="muted tab-panel__loading">Loading…</p>}>
      {active === "employees" ? (
        <EmployeesTab location={location} plan={plan} only={onlyEmployees} onShowAll={onShowAll} />
      ) : active === "hours" ? (
        <HoursTab key={location.id} location={location} plan={plan} openPayPeriod={openPayPeriod} />
      ) : active === "rota" ? (
        <RotaTab key={location.id} location={location} />
      ) : active === "leave" ? (
        <LeaveTab key={location.id} location={location} />
      ) : active === "compliance" ? (
        <ComplianceTab key={location.id} location={location} plan={plan} />
      ) : (
        <KioskSettingsTab key={location.id} location={location} plan={plan} />
      )}
    </Suspense>
  );
}
