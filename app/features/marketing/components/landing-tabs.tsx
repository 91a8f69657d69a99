import { Fragment, type KeyboardEvent, type MouseEvent, useRef } from "react";
import "../styles/landing.css";

export type LandingTab = "home" | "demo";

const TABS: readonly { id: LandingTab; label: string }[] = [
  { id: "home", label: "Home" },
  { id: "demo", label: "Demo" },
];

export const landingTabId = (tab: LandingTab) => `landing-tab-${tab}`;
export const landingPanelId = (tab: LandingTab) => `landing-panel-${tab}`;

/**
 * The landing page's Home/Demo switch: ARIA tabs, arrow keys move between them. Each tab is a link to its
 * fragment (#demo), so a tap that lands before the app's scripts have run is not lost: the page opens the tab
 * the address names once it hydrates (see LandingPage).
 */
export function LandingTabs({
  active,
  onChange,
}: {
  active: LandingTab;
  onChange: (tab: LandingTab) => void;
}) {
  const links = useRef<Record<string, HTMLAnchorElement | null>>({});

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    onChange(next.id);
    links.current[next.id]?.focus();
  }

  function select(event: MouseEvent, tab: LandingTab) {
    event.preventDefault();
    onChange(tab);
  }

  return (
    <div role="tablist" aria-label="Clocked" className="landing-tabs" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        // The space lets the links wrap like buttons before the stylesheet has come (in development it comes
        // with the scripts); the tablist is a flex container once styled, and a flex container ignores it.
        <Fragment key={tab.id}>
          {" "}
          <a
            ref={(element) => {
              links.current[tab.id] = element;
            }}
            href={`#${tab.id}`}
            role="tab"
            id={landingTabId(tab.id)}
            aria-selected={tab.id === active}
            aria-controls={landingPanelId(tab.id)}
            tabIndex={tab.id === active ? 0 : -1}
            className="landing-tabs__tab"
            onClick={(event) => select(event, tab.id)}
          >
            {tab.label}
          </a>
        </Fragment>
      ))}
    </div>
  );
}
