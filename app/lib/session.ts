import type { SessionUser } from "@contracts/auth";
import { useSyncExternalStore } from "react";

// The manager session lives in localStorage with the saved user (spec §3 Session). Components read it
// through useManagerSession so a logout anywhere (including a 401) updates every screen at once.
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

function publish(next: ManagerSession | null) {
  current = next;
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export const managerSession = {
  get: () => current,
  signIn: (session_id: string, user: SessionUser) => publish({ session_id, user, signed_in_at: Date.now() }),
  updateUser: (user: SessionUser) => current && publish({ ...current, user }),
  clear: () => publish(null),
  /** A 401 within 5 s of signing in is ignored (spec §4): it belongs to a request from before. */
  isFresh: () => current !== null && Date.now() - current.signed_in_at < 5000,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useManagerSession = () => useSyncExternalStore(managerSession.subscribe, managerSession.get);
