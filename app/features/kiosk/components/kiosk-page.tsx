import { useMemo } from "react";
import { KIOSK_TOKEN_KEY, locationKiosk, pairedKiosk } from "../api";
import { KioskScreen } from "./kiosk-screen";
import { KioskToasts, useKioskToasts } from "./kiosk-toasts";

/**
 * The kiosk page (kiosk.html): /attendance/{locationId} (public, by location) or, with no location in
 * the address, /kiosk (a paired device).
 */
export function KioskPage({ locationId }: { locationId: string | null }) {
  const [toasts, notify] = useKioskToasts();
  const token = locationId ? null : localStorage.getItem(KIOSK_TOKEN_KEY);
  const source = useMemo(
    () => (locationId ? locationKiosk(locationId) : token ? pairedKiosk(token) : null),
    [locationId, token],
  );

  return (
    <>
      <KioskToasts toasts={toasts} />
      {source ? (
        <KioskScreen source={source} notify={notify} />
      ) : (
        <main className="kiosk kiosk--theme-white">
          <div className="kiosk-flow">
            <h1>This device is not a kiosk yet</h1>
            <p className="kiosk-flow__hint">
              To use this browser as your clock-in kiosk, a manager signs in to the dashboard on it, opens the
              Attendance Form tab and chooses “Use this browser as a kiosk”. It then opens here, ready for
              staff.
            </p>
          </div>
        </main>
      )}
      {/* A page load into the app: the kiosk page has no router. */}
      <a href="/manager-dashboard" className="kiosk__corner" aria-label="Manager dashboard">
        ⚙
      </a>
    </>
  );
}
