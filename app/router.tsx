import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";

// Each screen is its own chunk: the landing page and the kiosk never download the dashboard's code.
const Landing = lazy(() => import("./routes/landing"));
const Marketing = lazy(() => import("./routes/marketing"));
const Kiosk = lazy(() => import("./routes/kiosk"));
const ManagerDashboard = lazy(() => import("./routes/manager-dashboard"));
const SuperAdmin = lazy(() => import("./routes/super-admin"));
const BillingSandbox = lazy(() => import("./routes/billing-sandbox"));
const Purchase = lazy(() => import("./routes/purchase"));

const MARKETING_PATHS = [
  "/time-tracking-software",
  "/small-business-time-clock",
  "/retail-attendance-software",
];

const page = (element: React.ReactNode) => (
  <Suspense fallback={<div className="page-loading" />}>{element}</Suspense>
);

export const router = createBrowserRouter([
  { path: "/", element: page(<Landing />) },
  ...MARKETING_PATHS.map((path) => ({ path, element: page(<Marketing path={path} />) })),
  { path: "/kiosk", element: page(<Kiosk />) },
  { path: "/attendance/:locationId", element: page(<Kiosk />) },
  { path: "/manager-dashboard", element: page(<ManagerDashboard />) },
  { path: "/super-admin", element: page(<SuperAdmin />) },
  { path: "/billing/sandbox", element: page(<BillingSandbox />) },
  { path: "/purchase/:plan", element: page(<Purchase />) },
  { path: "*", element: <Navigate to="/" replace /> },
]);
