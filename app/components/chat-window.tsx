import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChatMessageText } from "./chat-message";
import "./chat-window.css";

// The conversation part of both assistants (docs/assistant.md): Enter sends, Shift+Enter makes a new line, a blank
// message is ignored and nothing is sent while a reply is pending. Replies land in a polite live region.

export type ChatMessage = { type: "bot" | "user"; content: string };

type Props = {
  messages: readonly ChatMessage[];
  pending: boolean;
  onSend: (text: string) => void;
  label: string;
  placeholder?: string;
};

/** What Enter in the box does: send (trimmed text), nothing (blank or busy), or a new line (Shift). */
export function enterAction(
  key: string,
  shift: boolean,
  text: string,
  pending: boolean,
): "send" | "ignore" | "newline" {
  if (key !== "Enter" || shift) return "newline";
  return pending || !text.trim() ? "ignore" : "send";
}

export function ChatWindow({ messages, pending, onSend, label, placeholder }: Props) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  function send() {
    if (pending || !draft.trim()) return;
    onSend(draft.trim());
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = enterAction(event.key, event.shiftKey, draft, pending);
    if (action === "newline") return;
    event.preventDefault();
    if (action === "send") send();
  }

  return (
    <div className="chat-window">
      <div className="chat-window__log" role="log" aria-live="polite" aria-label="Conversation">
        {messages.map((message, index) => (
          // Messages are only ever appended: the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <div key={index} className={`chat-bubble chat-bubble--${message.type}`}>
            <span className="visually-hidden">{message.type === "bot" ? "Assistant: " : "You: "}</span>
            {message.type === "bot" ? <ChatMessageText content={message.content} /> : message.content}
          </div>
        ))}
        {pending && <p className="chat-bubble chat-bubble--bot chat-bubble--typing">Thinking…</p>}
        <div ref={endRef} />
      </div>
      <form
        className="chat-window__form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <textarea
          id={inputId}
          rows={2}
          maxLength={2000}
          value={draft}
          placeholder={placeholder ?? "Ask a question… (Enter to send, Shift+Enter for a new line)"}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--small" disabled={pending || !draft.trim()}>
          Send
        </button>
      </form>
    </div>
  );
}
