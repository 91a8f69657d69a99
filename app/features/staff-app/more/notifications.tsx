import { useEffect, useState } from "react";
import { data, staffApi } from "../api";

// Notifications on this phone (docs/staff-app.md, "Notifications"): Web Push through the staff app's own
// service worker (/me-sw.js, scope /me). Offered where the browser can do it; an iPhone can only once the app
// is on its home screen.

const supported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
const isIphone = () => /iPhone|iPad|iPod/.test(navigator.userAgent);

function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function registration() {
  return navigator.serviceWorker.register("/me-sw.js", { scope: "/me" });
}

/** This phone stops hearing: its subscription forgotten by the server, then dropped by the browser. */
export async function stopPushHere() {
  if (!supported()) return;
  const subscription = await (await registration()).pushManager.getSubscription();
  if (!subscription) return;
  await staffApi()
    .me["push-subscriptions"].$delete({ json: { endpoint: subscription.endpoint } })
    .catch(() => undefined);
  await subscription.unsubscribe();
}

export function NotificationsSection() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return;
    void registration()
      .then((r) => r.pushManager.getSubscription())
      .then((s) => setOn(s !== null))
      .catch(() => setOn(false));
  }, []);

  if (!supported()) {
    return (
      <div className="staff-card">
        <h2>Notifications</h2>
        <p>
          {isIphone()
            ? "On an iPhone, add Clocked to your home screen first (Share, then Add to Home Screen), open it from there, and turn notifications on here."
            : "This browser can't show notifications. You'll still get e-mails."}
        </p>
      </div>
    );
  }

  async function turnOn() {
    setBusy(true);
    setSaid(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setSaid(
          "Notifications are blocked for Clocked. Allow them in your phone's settings, then try again.",
        );
        return;
      }
      const { public_key } = await data(staffApi().me.push.key.$get());
      const sw = await registration();
      const subscription = await sw.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(public_key),
      });
      const { endpoint, keys } = subscription.toJSON();
      await data(
        staffApi().me["push-subscriptions"].$post({
          json: { endpoint: endpoint ?? "", keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } },
        }),
      );
      setOn(true);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : "Notifications could not be turned on.");
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await stopPushHere();
      setOn(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="staff-card">
      <h2>Notifications</h2>
      <p>New rotas, changed shifts, leave decisions and answers to your queries, on this phone.</p>
      {on ? (
        <button type="button" className="staff-button staff-button--quiet" onClick={turnOff} disabled={busy}>
          Turn off notifications
        </button>
      ) : (
        <button type="button" className="staff-button" onClick={turnOn} disabled={busy || on === null}>
          {busy ? "Turning on…" : "Turn on notifications"}
        </button>
      )}
      {said && (
        <p className="staff-problem" role="status">
          {said}
        </p>
      )}
    </div>
  );
}
