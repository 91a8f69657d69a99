import type { AppType } from "@worker/app";
import { hc } from "hono/client";

// Where a browser keeps the manager's session, and how it is ended on the server: shared by the app's session
// store (session.ts) and the kiosk page, which must end any session it finds (docs/kiosk.md) without loading
// the app's store.
export const MANAGER_SESSION_KEY = "clocked.manager_session";

/** The session token stored in this browser, if any. */
export function storedSessionToken(): string | null {
  try {
    const raw = localStorage.getItem(MANAGER_SESSION_KEY);
    return raw ? ((JSON.parse(raw) as { session_id?: string }).session_id ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Signs the token out on the server, so it is refused from then on even if it was copied. A failed call is
 * not retried: the token has left this browser, and it expires by itself.
 */
export const signOutOnServer = (token: string) =>
  hc<AppType>("/")
    .api.manager.logout.$post(undefined, {
      headers: { Authorization: `Bearer ${token}` },
      // The page may be leaving (a kiosk opening, the ⚙ link): the call still goes.
      init: { keepalive: true },
    })
    .then(
      () => undefined,
      () => undefined,
    );
