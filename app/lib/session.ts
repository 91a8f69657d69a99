import type { SessionUser } from "@contracts/auth";
import type { SessionMember } from "@contracts/team";
import { useSyncExternalStore } from "react";
import { MANAGER_SESSION_KEY as KEY, signOutOnServer } from "./stored-session";

// The manager session lives in localStorage with the saved user. Components read it
// through useManagerSession so a logout anywhere (including a 401, or another tab of this browser) updates
// every screen at once.

/**
 * `user` is the account (the owner's row, for a team member too); `member` is who signed in, with what their
 * role allows (docs/team.md). A session saved before teams has no `member`: it is the owner's.
 */
export type ManagerSession = {
  session_id: string;
  user: SessionUser;
  member?: SessionMember;
  signed_in_at: number;
};

/** The member a sign-in or /api/user/me answer describes, when it carries one. */
export function memberOf(answer: object): SessionMember | undefined {
  return "member" in answer && answer.member && typeof answer.member === "object"
    ? (answer.member as SessionMember)
    : undefined;
}

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

export const managerSession = {
  get: () => current,
  signIn: (session_id: string, user: SessionUser, member?: SessionMember) =>
    publish({ session_id, user, member, signed_in_at: Date.now() }),
  /** The account and the member as the server has them now; the member is kept when the answer has none. */
  updateUser: (user: SessionUser, member?: SessionMember) =>
    current && publish({ ...current, user, member: member ?? current.member }),
  clear: () => publish(null),
  /**
   * Ends the session stored in this browser, if any: gone from storage at once (every tab signs out), then
   * signed out on the server.
   */
  async endHere(): Promise<void> {
    const token = (current ?? read())?.session_id;
    publish(null);
    if (token) await signOutOnServer(token);
  },
  /** A 401 within 5 s of signing in is ignored: it belongs to a request from before. */
  isFresh: () => current !== null && Date.now() - current.signed_in_at < 5000,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useManagerSession = () => useSyncExternalStore(managerSession.subscribe, managerSession.get);
