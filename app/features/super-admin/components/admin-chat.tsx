import { SUPER_ADMIN_ASSISTANT_UNAVAILABLE } from "@contracts/assistant";
import { useEffect, useState } from "react";
import { ChatWindow } from "../../../components/chat-window";
import "../../../components/chat-fab.css";
import { askPlatformAssistant } from "../api";
import {
  activeChat,
  addMessage,
  type ChatHistory,
  type Clock,
  deleteChat,
  openAssistant,
  selectChat,
  startChat,
} from "../chat-history";
import { loadChats, saveChats } from "../storage";

const clock: Clock = { now: () => new Date(), newId: () => crypto.randomUUID() };

/** The console's floating assistant with its chat history side panel (docs/assistant.md). */
export function AdminChat() {
  const [open, setOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(true);
  const [history, setHistory] = useState<ChatHistory>(() => ({ chats: loadChats(), activeId: null }));
  const [pendingChat, setPendingChat] = useState<string | null>(null);
  const chat = activeChat(history);

  useEffect(() => saveChats(history.chats), [history.chats]);

  function toggle() {
    if (!open) setHistory((h) => openAssistant(h, clock));
    setOpen(!open);
  }

  async function ask(text: string) {
    if (!chat) return;
    const chatId = chat.id;
    setHistory((h) => addMessage(h, chatId, { type: "user", content: text }, clock));
    setPendingChat(chatId);
    let content: string;
    try {
      content = (await askPlatformAssistant(text)).response;
    } catch {
      content = SUPER_ADMIN_ASSISTANT_UNAVAILABLE;
    }
    setHistory((h) => addMessage(h, chatId, { type: "bot", content }, clock));
    setPendingChat(null);
  }

  return (
    <>
      {open && chat && (
        <section className="chat-panel chat-panel--wide" aria-label="Analytics assistant">
          {historyOpen && (
            <nav className="chat-history" aria-label="Chat history">
              <h3>Chats</h3>
              <ul>
                {history.chats.map((item) => (
                  <li
                    key={item.id}
                    className={item.id === chat.id ? "chat-history__item--active" : undefined}
                  >
                    <button
                      type="button"
                      className="chat-history__select"
                      aria-current={item.id === chat.id ? "true" : undefined}
                      onClick={() => setHistory((h) => selectChat(h, item.id))}
                    >
                      {item.title}
                    </button>
                    <button
                      type="button"
                      className="chat-history__delete"
                      aria-label={`Delete chat ${item.title}`}
                      onClick={() => setHistory((h) => deleteChat(h, item.id, clock))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="chat-panel__main">
            <header className="chat-panel__header">
              <button
                type="button"
                className="button button--small"
                aria-expanded={historyOpen}
                onClick={() => setHistoryOpen(!historyOpen)}
              >
                History
              </button>
              <h2>Analytics assistant</h2>
              <button
                type="button"
                className="button button--small"
                onClick={() => setHistory((h) => startChat(h, clock))}
              >
                New chat
              </button>
            </header>
            <ChatWindow
              key={chat.id}
              messages={chat.messages}
              pending={pendingChat !== null}
              onSend={ask}
              label="Ask the analytics assistant"
            />
          </div>
        </section>
      )}
      <button type="button" className="button chat-fab" aria-expanded={open} onClick={toggle}>
        {open ? "Close assistant" : "Ask the analyst"}
      </button>
    </>
  );
}
