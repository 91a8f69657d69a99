import { type ComponentType, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { SeoPage } from "../seo/pages";
import LandingPage from "./landing";
import MarketingRoute from "./marketing";

// Node only: scripts/seo/prerender-plugin.ts loads this through Vite, at build time and in `vite dev`; the
// app never imports it. Each page is rendered by the screen app/router.tsx lazily loads for its path, as
// the browser's first render will render it (no stored session, no clock: see PublicHeader and
// SiteFooter), so that main.tsx hydrates the HTML instead of replacing it. No useId in these screens: the
// ids it makes depend on the component tree, which differs here (StaticRouter, not RouterProvider).
const SCREENS: Record<SeoPage["screen"], ComponentType> = {
  landing: LandingPage,
  marketing: MarketingRoute,
};

/** The page's markup, to go inside <div id="root">. */
export function renderPublicPage(page: Pick<SeoPage, "path" | "screen">): string {
  const Screen = SCREENS[page.screen];
  return renderToString(
    <StrictMode>
      <StaticRouter location={page.path}>
        <Screen />
      </StaticRouter>
    </StrictMode>,
  );
}
