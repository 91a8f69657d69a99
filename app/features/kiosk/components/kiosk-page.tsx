import { type MouseEvent, useEffect, useMemo, useState } from "react";
import { KIOSK_TOKEN_KEY, locationKiosk, pairedKiosk } from "../api";
import { forgetDashboard } from "../forget-dashboard";
import { type OfflineKiosk, offlineKiosk } from "../offline";
import { QUEUE_CHANGED, queuedCount } from "../offline-queue";
import { KioskScreen } from "./kiosk-screen";
import { KioskToasts, useKioskToasts } from "./kiosk-toasts";
import { PairWithCode } from "./pair-with-code";

/**
 * The kiosk page (kiosk.html): /attendance/{locationId} (public, by location) or, with no location in
 * the address, /kiosk (a paired device, or one waiting for its pairing code).
 */
export function KioskPage({ locationId }: { locationId: string | null }) {
  const [toasts, notify] = useKioskToasts();
  const [token, setToken] = useState(() => (locationId ? null : localStorage.getItem(KIOSK_TOKEN_KEY)));
  const paired = useMemo(
    () => (!locationId && token ? offlineKiosk(pairedKiosk(token)) : null),
    [locationId, token],
  );
  const source = useMemo(() => (locationId ? locationKiosk(locationId) : paired), [locationId, paired]);

  return (
    <>
      <KioskToasts toasts={toasts} />
      {paired && <OfflineQueue kiosk={paired} />}
      {source ? <KioskScreen source={source} notify={notify} /> : <PairWithCode onPaired={setToken} />}
      {/* A page load into the app: the kiosk page has no router. */}
      <a
        href="/manager-dashboard"
        className="kiosk__corner"
        aria-label="Manager dashboard"
        onClick={toDashboard}
      >
        ⚙
      </a>
    </>
  );
}

/**
 * The ⚙ link always meets the sign-in form: a manager signed in since the kiosk opened (in another tab, or
 * through this link and back) is signed out before the dashboard loads.
 */
function toDashboard(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const href = event.currentTarget.href;
  void forgetDashboard().finally(() => window.location.assign(href));
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
