import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { RetailPage } from "../features/marketing/pages/retail-page";
import { SmallBusinessPage } from "../features/marketing/pages/small-business-page";
import { TimeTrackingPage } from "../features/marketing/pages/time-tracking-page";
import type { SeoPath } from "../seo/pages";

const PAGES: Partial<Record<SeoPath, ComponentType>> = {
  "/time-tracking-software": TimeTrackingPage,
  "/small-business-time-clock": SmallBusinessPage,
  "/retail-attendance-software": RetailPage,
};

/** The three search-oriented pages, one chunk between them. */
export default function MarketingRoute() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, "") as SeoPath];
  return Page ? <Page /> : null;
}
