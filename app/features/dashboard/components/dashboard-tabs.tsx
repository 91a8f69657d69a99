import { useState } from "react";
import type { Location } from "../../../../worker/contracts/locations";

const TABS = [
  {
    id: "live",
    label: "Live Status",
    coming:
      "Live Status is being built: who is checked in right now, updating the moment staff clock in or out.",
  },
  {
    id: "employees",
    label: "Employees",
    coming: "Employees is being built: add staff with their 4-digit kiosk PINs, statuses, leave and breaks.",
  },
  {
    id: "hours",
    label: "Hours",
    coming:
      "Hours is being built: weekly and monthly hours with break deduction, CSV exports and weekly reports.",
  },
  {
    id: "attendance-form",
    label: "Attendance Form",
    coming: "Attendance Form is being built: your kiosk link, button shapes, themes and logo.",
  },
] as const;

type TabId = (typeof TABS)[number]["id"];

export function DashboardTabs({ location }: { location: Location }) {
  const [active, setActive] = useState<TabId>("live");
  const tab = TABS.find((t) => t.id === active) ?? TABS[0];
  return (
    <section aria-label={`Dashboard for ${location.name}`}>
      <div role="tablist" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            className="tabs__tab"
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${tab.id}`}
        aria-labelledby={`tab-${tab.id}`}
        className="card tab-panel"
      >
        <h2>
          {tab.label} — {location.name}
        </h2>
        <p className="coming-soon">{tab.coming}</p>
      </div>
    </section>
  );
}
