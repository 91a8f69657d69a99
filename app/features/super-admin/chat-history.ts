// The super admin assistant's chats (docs/assistant.md): pure state changes, stored by chat-storage.ts.

export type ChatEntry = { type: "bot" | "user"; content: string };

export type ChatSession = {
  id: string;
  title: string;
  messages: ChatEntry[];
  /** ISO timestamps. */
  createdAt: string;
  lastActivity: string;
};

export type ChatHistory = { chats: ChatSession[]; activeId: string | null };

export const TITLE_LENGTH = 50;
export const NEW_CHAT_TITLE = "New chat";
export const GREETING =
  "Hello, I'm the platform analyst. Ask me about growth, plans, the busiest locations or AI usage.";

export type Clock = { now: () => Date; newId: () => string };

/** Spec §4: the first 50 characters of the first user message, followed by '...'. */
export const titleFrom = (message: string) => `${message.trim().slice(0, TITLE_LENGTH)}...`;

export function newChat(clock: Clock): ChatSession {
  const at = clock.now().toISOString();
  return {
    id: clock.newId(),
    title: NEW_CHAT_TITLE,
    messages: [{ type: "bot", content: GREETING }],
    createdAt: at,
    lastActivity: at,
  };
}

/** A new chat, first in the list and active. */
export function startChat(history: ChatHistory, clock: Clock): ChatHistory {
  const chat = newChat(clock);
  return { chats: [chat, ...history.chats], activeId: chat.id };
}

/** Opening the assistant: no history creates a chat; otherwise the first is selected if none is active. */
export function openAssistant(history: ChatHistory, clock: Clock): ChatHistory {
  if (history.chats.length === 0) return startChat(history, clock);
  if (history.activeId && history.chats.some((chat) => chat.id === history.activeId)) return history;
  return { ...history, activeId: history.chats[0]?.id ?? null };
}

export const selectChat = (history: ChatHistory, id: string): ChatHistory =>
  history.chats.some((chat) => chat.id === id) ? { ...history, activeId: id } : history;

/** Deleting the active chat selects the first remaining one, or creates a new chat when none is left. */
export function deleteChat(history: ChatHistory, id: string, clock: Clock): ChatHistory {
  const chats = history.chats.filter((chat) => chat.id !== id);
  if (history.activeId !== id) return { ...history, chats };
  if (chats.length === 0) return startChat({ chats, activeId: null }, clock);
  return { chats, activeId: chats[0]?.id ?? null };
}

/** Appends a message; the chat's first user message names it. */
export function addMessage(
  history: ChatHistory,
  chatId: string,
  entry: ChatEntry,
  clock: Clock,
): ChatHistory {
  const at = clock.now().toISOString();
  return {
    ...history,
    chats: history.chats.map((chat) => {
      if (chat.id !== chatId) return chat;
      const firstUserMessage = entry.type === "user" && !chat.messages.some((m) => m.type === "user");
      return {
        ...chat,
        title: firstUserMessage ? titleFrom(entry.content) : chat.title,
        messages: [...chat.messages, entry],
        lastActivity: at,
      };
    }),
  };
}

export const activeChat = (history: ChatHistory) =>
  history.chats.find((chat) => chat.id === history.activeId) ?? null;

/** Whatever localStorage held, as a valid history (anything malformed is dropped, not trusted). */
export function parseHistory(raw: unknown): ChatSession[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is ChatSession => {
    if (!item || typeof item !== "object") return false;
    const chat = item as Record<string, unknown>;
    return (
      typeof chat.id === "string" &&
      typeof chat.title === "string" &&
      typeof chat.createdAt === "string" &&
      typeof chat.lastActivity === "string" &&
      Array.isArray(chat.messages) &&
      chat.messages.every(
        (m: unknown) =>
          !!m &&
          typeof m === "object" &&
          ((m as ChatEntry).type === "bot" || (m as ChatEntry).type === "user") &&
          typeof (m as ChatEntry).content === "string",
      )
    );
  });
}
