import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { KioskPage, keepDashboardOut, kioskLocationId, registerKioskServiceWorker } from "./features/kiosk";
import "./styles/global.css";

// The kiosk's own page (kiosk.html): React and the kiosk, without the router or any other screen, a
// third less JavaScript for a kiosk tablet than as a screen of the app. The Worker answers
// /attendance/{locationId} with this document; /kiosk is kiosk.html itself.
// /kiosk (a paired device) is the app a tablet installs, and opens offline.
// A kiosk page never holds a manager's session: whatever this browser held of the dashboard ends here.
keepDashboardOut();
const locationId = kioskLocationId(window.location.pathname);
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <KioskPage locationId={locationId} />
    </StrictMode>,
  );
}
if (locationId === null) registerKioskServiceWorker();
