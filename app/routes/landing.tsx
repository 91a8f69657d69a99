import { lazy, Suspense, useEffect, useState } from "react";
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

// The demo reuses the dashboard's components: its own chunk, fetched only when the Demo tab opens.
const DemoDashboard = lazy(() => import("./landing/demo-dashboard"));

export default function LandingPage() {
  usePageMeta(LANDING);
  // Home while hydrating, as the prerendered HTML has it; then the tab the address names.
  const [tab, setTab] = useState<LandingTab>("home");
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
      <div role="tabpanel" id={landingPanelId(tab)} aria-labelledby={landingTabId(tab)}>
        {tab === "home" ? (
          <LandingHome />
        ) : (
          <Suspense fallback={<p className="muted centre">Loading the demo…</p>}>
            <DemoDashboard />
          </Suspense>
        )}
      </div>
    </PublicPage>
  );
}
