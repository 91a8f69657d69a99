import { lazy, Suspense, startTransition, useEffect, useState } from "react";
import { LandingHome } from "../features/marketing/components/landing-home";
import {
  type LandingTab,
  LandingTabs,
  landingPanelId,
  landingTabId,
} from "../features/marketing/components/landing-tabs";
import { PublicPage } from "../features/marketing/components/public-page";
import { usePageMeta } from "../features/marketing/use-page-meta";
import { LANDING } from "../seo/pages";

// The demo reuses the dashboard's components: its own chunk, fetched when the Demo tab opens, or as soon as
// this module runs at /#demo (before React has hydrated the prerendered Home and switched to it).
const loadDemo = () => import("./landing/demo-dashboard");
if (typeof window !== "undefined" && window.location.hash === "#demo") void loadDemo();
const DemoDashboard = lazy(loadDemo);

export default function LandingPage() {
  usePageMeta(LANDING);
  // Home while hydrating, as the prerendered HTML has it; then the tab the address names. Rendered afresh
  // (app/main.tsx does so at /#demo), the address names it from the start.
  const [tab, setTab] = useState<LandingTab>(() =>
    typeof document !== "undefined" &&
    document.getElementById("root")?.dataset.render === "afresh" &&
    window.location.hash === "#demo"
      ? "demo"
      : "home",
  );
  useEffect(() => {
    // A tap on a link to #demo (before the scripts ran, too) or a shared /#demo opens the demo; Back leaves it.
    const follow = () => setTab(window.location.hash === "#demo" ? "demo" : "home");
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  const show = (next: LandingTab) => {
    setTab(next);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", next === "demo" ? "#demo" : `${pathname}${search}`);
  };
  return (
    <PublicPage headerContent={<LandingTabs active={tab} onChange={show} />}>
      {/* The demo's panel is at least a screen high, placeholder and demo alike: the footer stays below the
          fold while the demo loads and when it appears, so nothing on screen moves (no layout shift). */}
      <div
        role="tabpanel"
        id={landingPanelId(tab)}
        aria-labelledby={landingTabId(tab)}
        className={tab === "demo" ? "landing-demo-panel" : undefined}
      >
        {tab === "home" ? <LandingHome /> : <DemoPanel />}
      </div>
    </PublicPage>
  );
}

const loading = <p className="muted centre landing-demo-panel__loading">Loading the demo…</p>;

/**
 * The demo, rendered in a transition: React builds it in slices between which the browser can answer a tap,
 * rather than in one long task straight after the page has hydrated (Lighthouse's Total Blocking Time).
 */
function DemoPanel() {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  if (!ready) return loading;
  return (
    <Suspense fallback={loading}>
      <DemoDashboard />
    </Suspense>
  );
}
