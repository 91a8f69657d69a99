import { signOutOnServer, storedSessionToken } from "../../lib/stored-session";
import { KIOSK_KEY_PREFIX } from "./api";

// A kiosk page never holds a manager's session (docs/kiosk.md): anyone at the counter can reach it, and the
// dashboard behind it holds pay rates and dates of birth. So the kiosk, as it opens (and when the browser
// shows it again from its history), ends any session this browser holds and keeps nothing of the dashboard.

/**
 * Ends the manager's session in this browser (on the server too, so the token is refused from then on) and
 * removes everything else the app keeps here (a super admin's session, the dashboard's choices), leaving
 * only the kiosk's own keys. Other tabs of the browser hear of it and show the sign-in form.
 */
export async function forgetDashboard(): Promise<void> {
  const token = storedSessionToken();
  for (const storage of [localStorage, sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? "");
    for (const key of keys) {
      if (key.startsWith("clocked.") && !key.startsWith(KIOSK_KEY_PREFIX)) storage.removeItem(key);
    }
  }
  if (token) await signOutOnServer(token);
}

/** From the kiosk page's start: now, and whenever the browser brings the page back from its history. */
export function keepDashboardOut() {
  void forgetDashboard();
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) void forgetDashboard();
  });
}
