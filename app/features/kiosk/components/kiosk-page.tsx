import { useEffect, useMemo, useState } from "react";
import { KIOSK_TOKEN_KEY, locationKiosk, pairedKiosk } from "../api";
import { type OfflineKiosk, offlineKiosk } from "../offline";
import { QUEUE_CHANGED, queuedCount } from "../offline-queue";
import { KioskScreen } from "./kiosk-screen";
import { KioskToasts, useKioskToasts } from "./kiosk-toasts";

/**
 * The kiosk page (kiosk.html): /attendance/{locationId} (public, by location) or, with no location in
 * the address, /kiosk (a paired device).
 */
export function KioskPage({ locationId }: { locationId: string | null }) {
  const [toasts, notify] = useKioskToasts();
  const token = locationId ? null : localStorage.getItem(KIOSK_TOKEN_KEY);
  const paired = useMemo(
    () => (!locationId && token ? offlineKiosk(pairedKiosk(token)) : null),
    [locationId, token],
  );
  const source = useMemo(() => (locationId ? locationKiosk(locationId) : paired), [locationId, paired]);

  return (
    <>
      <KioskToasts toasts={toasts} />
      {paired && <OfflineQueue kiosk={paired} />}
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

/**
 * How often a paired kiosk tries its queue again while it has one (besides at once when the browser says the
 * network is back, when its live socket reconnects and before the next punch).
 */
const RETRY_MS = 10_000;

/**
 * A paired kiosk's offline queue: readies what it needs offline, sends the queue whenever it can, and says how
 * many punches wait ("3 punches waiting to send"), so staff and managers can see none was lost.
 */
function OfflineQueue({ kiosk }: { kiosk: OfflineKiosk }) {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    const recount = () => void queuedCount().then(setWaiting, () => undefined);
    const send = () => void kiosk.flush().then(recount);
    // Asks the browser never to clear the queue to make room (an installed app is usually granted it).
    navigator.storage?.persist?.().catch(() => undefined);
    kiosk.prepare().catch(() => undefined);
    send();
    const timer = setInterval(send, RETRY_MS);
    window.addEventListener("online", send);
    window.addEventListener(QUEUE_CHANGED, recount);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", send);
      window.removeEventListener(QUEUE_CHANGED, recount);
    };
  }, [kiosk]);
  return (
    <p className="kiosk__queue" role="status">
      {waiting > 0 && `${waiting} ${waiting === 1 ? "punch" : "punches"} waiting to send`}
    </p>
  );
}
