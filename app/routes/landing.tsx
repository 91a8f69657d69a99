import { lazy, Suspense, useState } from "react";
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
  const [tab, setTab] = useState<LandingTab>("home");
  return (
    <PublicPage headerContent={<LandingTabs active={tab} onChange={setTab} />}>
      <div role="tabpanel" id={landingPanelId(tab)} aria-labelledby={landingTabId(tab)}>
        {tab === "home" ? (
          <LandingHome onShowDemo={() => setTab("demo")} />
        ) : (
          <Suspense fallback={<p className="muted centre">Loading the demo…</p>}>
            <DemoDashboard />
          </Suspense>
        )}
      </div>
    </PublicPage>
  );
}
