// The kiosk: its own page (kiosk.html, app/kiosk-main.tsx) and, for the dashboard, the flow, the public
// source and the appearance classes. Everything here stays small: the kiosk page bundles all of it.
import "./kiosk.css";

export { KIOSK_TOKEN_KEY, kioskLocationId, locationKiosk } from "./api";
export { KioskFlow } from "./components/kiosk-flow";
export { KioskPage } from "./components/kiosk-page";
export { appearanceClasses } from "./components/kiosk-screen";
export { keepDashboardOut } from "./forget-dashboard";
export { ACTION_LABEL, kioskActions } from "./kiosk-actions";
export { registerKioskServiceWorker } from "./service-worker";
