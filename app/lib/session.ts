import type { SessionUser } from "@contracts/auth";
import type { AppType } from "@worker/app";
import { hc } from "hono/client";
import { useSyncExternalStore } from "react";

// The manager session lives in localStorage with the saved user (spec §3 Session). Components read it
// through useManagerSession so a logout anywhere (including a 401, or another tab of this browser) updates
// every screen at once.
const KEY = "clocked.manager_session";

export type ManagerSession = { session_id: string; user: SessionUser; signed_in_at: number };

let current: ManagerSession | null = read();
const listeners = new Set<() => void>();

function read(): ManagerSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ManagerSession) : null;
  } catch {
    return null;
  }
}

function notify(next: ManagerSession | null) {
  current = next;
  for (const listener of listeners) listener();
}

function publish(next: ManagerSession | null) {
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  notify(next);
}

// Another tab of this browser signed in or out (a kiosk opened there ends the session: docs/kiosk.md). The
// `storage` event fires in every other tab; a null key means the storage was cleared.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== localStorage || (event.key !== KEY && event.key !== null)) return;
    notify(read());
  });
}

/** The logout call, typed by its route; a bare client, so the kiosk page can use it without the app's. */
const signOutOnServer = (token: string) =>
  hc<AppType>("/").api.manager.logout.$post(undefined, {
    headers: { Authorization: `Bearer ${token}` },
    // The page may be leaving (a kiosk opening, the ⚙ link): the call still goes.
    init: { keepalive: true },
  });

export const managerSession = {
  get: () => current,
  signIn: (session_id: string, user: SessionUser) => publish({ session_id, user, signed_in_at: Date.now() }),
  updateUser: (user: SessionUser) => current && publish({ ...current, user }),
  clear: () => publish(null),
  /**
   * Ends the session stored in this browser, if any: gone from storage at once (every tab signs out), then
   * signed out on the server, so the token is refused from then on even if it was copied. A failed call is
   * not retried: the token has left this browser, and it expires by itself.
   */
  async endHere(): Promise<void> {
    const token = (current ?? read())?.session_id;
    publish(null);
    if (!token) return;
    await signOutOnServer(token).catch(() => undefined);
  },
  /** A 401 within 5 s of signing in is ignored (spec §4): it belongs to a request from before. */
  isFresh: () => current !== null && Date.now() - current.signed_in_at < 5000,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useManagerSession = () => useSyncExternalStore(managerSession.subscribe, managerSession.get);
