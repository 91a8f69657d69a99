import { useEffect, useMemo } from "react";
import { Link, useParams } from "react-router";
import { KIOSK_TOKEN_KEY, locationKiosk, pairedKiosk } from "../features/kiosk/api";
import { KioskScreen } from "../features/kiosk/components/kiosk-screen";
import { KioskToasts, useKioskToasts } from "../features/kiosk/components/kiosk-toasts";
import "../features/kiosk/kiosk.css";

/** /attendance/:locationId (public, by location) and /kiosk (a paired device). */
export default function KioskPage() {
  const { locationId } = useParams();
  const [toasts, notify] = useKioskToasts();
  const token = locationId ? null : localStorage.getItem(KIOSK_TOKEN_KEY);
  const source = useMemo(
    () => (locationId ? locationKiosk(locationId) : token ? pairedKiosk(token) : null),
    [locationId, token],
  );
  useEffect(() => {
    document.title = "Clock in — Clocked";
  }, []);

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
      <Link to="/manager-dashboard" className="kiosk__corner" aria-label="Manager dashboard">
        ⚙
      </Link>
    </>
  );
}
