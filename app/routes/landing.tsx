import { useState } from "react";
import { DemoPlaceholder } from "../features/marketing/components/demo-placeholder";
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

export default function LandingPage() {
  usePageMeta(LANDING);
  const [tab, setTab] = useState<LandingTab>("home");
  return (
    <PublicPage headerContent={<LandingTabs active={tab} onChange={setTab} />}>
      <div role="tabpanel" id={landingPanelId(tab)} aria-labelledby={landingTabId(tab)}>
        {tab === "home" ? <LandingHome onShowDemo={() => setTab("demo")} /> : <DemoPlaceholder />}
      </div>
    </PublicPage>
  );
}
