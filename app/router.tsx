import type { ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";

// Each screen is its own chunk: the landing page and the kiosk never download the dashboard's code.
// Route `lazy` (not React.lazy): the router loads the screen before rendering it, so the prerendered
// HTML of a public page stays on screen until the real page replaces it (see main.tsx), and a
// navigation keeps the current screen until the next one is ready.
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  { path: "/", lazy: screen(() => import("./routes/landing")) },
  { path: "/time-tracking-software", lazy: screen(() => import("./routes/marketing")) },
  { path: "/small-business-time-clock", lazy: screen(() => import("./routes/marketing")) },
  { path: "/retail-attendance-software", lazy: screen(() => import("./routes/marketing")) },
  { path: "/kiosk", lazy: screen(() => import("./routes/kiosk")) },
  { path: "/attendance/:locationId", lazy: screen(() => import("./routes/kiosk")) },
  { path: "/manager-dashboard", lazy: screen(() => import("./routes/manager-dashboard")) },
  { path: "/super-admin", lazy: screen(() => import("./routes/super-admin")) },
  { path: "/billing/sandbox", lazy: screen(() => import("./routes/billing-sandbox")) },
  { path: "/purchase/:plan", lazy: screen(() => import("./routes/purchase")) },
  { path: "*", element: <Navigate to="/" replace /> },
]);
