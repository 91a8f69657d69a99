import { type KeyboardEvent, useRef } from "react";
import "../styles/landing.css";

export type LandingTab = "home" | "demo";

const TABS: readonly { id: LandingTab; label: string }[] = [
  { id: "home", label: "Home" },
  { id: "demo", label: "Demo" },
];

export const landingTabId = (tab: LandingTab) => `landing-tab-${tab}`;
export const landingPanelId = (tab: LandingTab) => `landing-panel-${tab}`;

/** The landing page's Home/Demo switch: ARIA tabs, arrow keys move between them. */
export function LandingTabs({
  active,
  onChange,
}: {
  active: LandingTab;
  onChange: (tab: LandingTab) => void;
}) {
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    onChange(next.id);
    buttons.current[next.id]?.focus();
  }

  return (
    <div role="tablist" aria-label="Clocked" className="landing-tabs" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[tab.id] = element;
          }}
          type="button"
          role="tab"
          id={landingTabId(tab.id)}
          aria-selected={tab.id === active}
          aria-controls={landingPanelId(tab.id)}
          tabIndex={tab.id === active ? 0 : -1}
          className="landing-tabs__tab"
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
