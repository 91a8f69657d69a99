import type { ComponentType } from "react";
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  redirect,
  redirectDocument,
} from "react-router";

// Each screen is its own chunk: the landing page never downloads the dashboard's code.
// Route `lazy` (not React.lazy): the router loads the screen before rendering it, so main.tsx can hydrate
// a public page's prerendered HTML (scripts/seo renders it with the same screen, app/seo/pages.ts names
// it) in one go, and a navigation keeps the current screen until the next one is ready.
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The kiosk is its own page (kiosk.html, app/kiosk-main.tsx), not a screen of this app: a link,
 * navigate() or history step to it from here loads that document. Were this app itself ever served at
 * the kiosk's address, loading it again would loop, so the first load goes to "/" instead, as it does
 * for any path the app has no screen for.
 */
const kioskDocument = ({ request }: LoaderFunctionArgs) =>
  router.state.initialized ? redirectDocument(request.url) : redirect("/");

export const router = createBrowserRouter([
  { path: "/", lazy: screen(() => import("./routes/landing")) },
  { path: "/time-tracking-software", lazy: screen(() => import("./routes/marketing")) },
  { path: "/small-business-time-clock", lazy: screen(() => import("./routes/marketing")) },
  { path: "/retail-attendance-software", lazy: screen(() => import("./routes/marketing")) },
  { path: "/kiosk", loader: kioskDocument },
  { path: "/attendance/:locationId", loader: kioskDocument },
  { path: "/manager-dashboard", lazy: screen(() => import("./routes/manager-dashboard")) },
  { path: "/team/join", lazy: screen(() => import("./routes/team-join")) },
  { path: "/super-admin", lazy: screen(() => import("./routes/super-admin")) },
  { path: "/billing/sandbox", lazy: screen(() => import("./routes/billing-sandbox")) },
  { path: "/purchase/:plan", lazy: screen(() => import("./routes/purchase")) },
  { path: "*", element: <Navigate to="/" replace /> },
]);
