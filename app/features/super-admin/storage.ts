import { useSyncExternalStore } from "react";
import { type ChatSession, parseHistory } from "./chat-history";

// Spec §7 local storage: the super admin session id under its own key, the chat history under another.
const SESSION_KEY = "clocked.super_admin_session";
const CHATS_KEY = "clocked.super_admin_chats";

let current: string | null = localStorage.getItem(SESSION_KEY);
const listeners = new Set<() => void>();

export const superAdminSession = {
  get: () => current,
  set(sessionId: string | null) {
    current = sessionId;
    if (sessionId) localStorage.setItem(SESSION_KEY, sessionId);
    else localStorage.removeItem(SESSION_KEY);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSuperAdminSession = () =>
  useSyncExternalStore(superAdminSession.subscribe, superAdminSession.get);

export function loadChats(): ChatSession[] {
  try {
    return parseHistory(JSON.parse(localStorage.getItem(CHATS_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

export const saveChats = (chats: readonly ChatSession[]) =>
  localStorage.setItem(CHATS_KEY, JSON.stringify(chats));
