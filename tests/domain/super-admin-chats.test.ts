import { describe, expect, it } from "vitest";
import {
  activeChat,
  addMessage,
  type ChatHistory,
  type Clock,
  deleteChat,
  GREETING,
  NEW_CHAT_TITLE,
  openAssistant,
  parseHistory,
  selectChat,
  startChat,
  titleFrom,
} from "../../app/features/super-admin/chat-history";

// The super admin's chat history (docs/ai-and-super-admin.md), as pure state changes.

function fakeClock(): Clock {
  let n = 0;
  let t = Date.UTC(2026, 2, 11, 9, 0);
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
    newId: () => `chat-${++n}`,
  };
}

const empty: ChatHistory = { chats: [], activeId: null };

describe("super admin chat history", () => {
  it("opening the assistant with no history creates a chat with the greeting, and makes it active", () => {
    const history = openAssistant(empty, fakeClock());
    expect(history.chats).toHaveLength(1);
    expect(history.activeId).toBe("chat-1");
    expect(activeChat(history)).toMatchObject({
      id: "chat-1",
      title: NEW_CHAT_TITLE,
      messages: [{ type: "bot", content: GREETING }],
      createdAt: "2026-03-11T09:00:01.000Z",
      lastActivity: "2026-03-11T09:00:01.000Z",
    });
  });

  it("opening with history selects the first chat when none is active, and keeps an active one", () => {
    const clock = fakeClock();
    const two = startChat(startChat(empty, clock), clock);
    expect(two.chats.map((c) => c.id)).toEqual(["chat-2", "chat-1"]);
    expect(openAssistant({ ...two, activeId: null }, clock).activeId).toBe("chat-2");
    expect(openAssistant({ ...two, activeId: "gone" }, clock).activeId).toBe("chat-2");
    expect(openAssistant(selectChat(two, "chat-1"), clock).activeId).toBe("chat-1");
    expect(openAssistant(two, clock).chats).toHaveLength(2);
  });

  it("titles a chat with the first 50 characters of its first user message followed by '...'", () => {
    const clock = fakeClock();
    const long = "Which locations had the most check-ins over the last thirty days?";
    let history = startChat(empty, clock);
    history = addMessage(history, "chat-1", { type: "user", content: long }, clock);
    expect(activeChat(history)?.title).toBe(`${long.slice(0, 50)}...`);
    expect(activeChat(history)?.title).toBe("Which locations had the most check-ins over the la...");
    history = addMessage(history, "chat-1", { type: "bot", content: "Camden." }, clock);
    history = addMessage(history, "chat-1", { type: "user", content: "And plans?" }, clock);
    expect(activeChat(history)?.title).toBe("Which locations had the most check-ins over the la...");
    expect(activeChat(history)?.messages.map((m) => m.type)).toEqual(["bot", "user", "bot", "user"]);
    expect(activeChat(history)?.lastActivity).toBe("2026-03-11T09:00:04.000Z");
    expect(titleFrom("Plans?")).toBe("Plans?...");
  });

  it("deleting the active chat selects the first remaining, or creates a new one", () => {
    const clock = fakeClock();
    let history = startChat(startChat(startChat(empty, clock), clock), clock);
    history = selectChat(history, "chat-2");
    history = deleteChat(history, "chat-2", clock);
    expect(history.chats.map((c) => c.id)).toEqual(["chat-3", "chat-1"]);
    expect(history.activeId).toBe("chat-3");
    history = deleteChat(history, "chat-1", clock);
    expect(history.activeId).toBe("chat-3");
    history = deleteChat(history, "chat-3", clock);
    expect(history.chats.map((c) => c.id)).toEqual(["chat-4"]);
    expect(history.activeId).toBe("chat-4");
  });

  it("keeps only well-formed chats from storage", () => {
    const good = startChat(empty, fakeClock()).chats[0];
    expect(
      parseHistory([good, { id: 1 }, null, { ...good, messages: [{ type: "admin", content: "x" }] }]),
    ).toEqual([good]);
    expect(parseHistory("nonsense")).toEqual([]);
  });
});
