import { useState } from "react";
import { MANAGER_ASSISTANT_UNAVAILABLE } from "../../../../worker/contracts/assistant";
import { featureDeniedMessage } from "../../../../worker/domain/plans";
import { type ChatMessage, ChatWindow } from "../../../components/chat-window";
import { ApiFailure } from "../../../lib/api";
import { assistantApi } from "../api";

// The dashboard's floating assistant (spec §2). The dashboard shows it only when the plan includes it.

const GREETING: ChatMessage = {
  type: "bot",
  content: "Hello! Ask me about your business, for example: Who is in right now? Who was late today?",
};

export function AssistantChat() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [pending, setPending] = useState(false);

  async function ask(text: string) {
    setMessages((current) => [...current, { type: "user", content: text }]);
    setPending(true);
    try {
      const { response } = await assistantApi.ask(text);
      setMessages((current) => [...current, { type: "bot", content: response }]);
    } catch (error) {
      const content =
        error instanceof ApiFailure && error.status === 403
          ? featureDeniedMessage("aiAssistant")
          : MANAGER_ASSISTANT_UNAVAILABLE;
      setMessages((current) => [...current, { type: "bot", content }]);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      {open && (
        <section className="chat-panel" aria-label="AI assistant">
          <div className="chat-panel__main">
            <header className="chat-panel__header">
              <h2>AI Assistant</h2>
              <button type="button" className="button button--small" onClick={() => setOpen(false)}>
                Close
              </button>
            </header>
            <ChatWindow messages={messages} pending={pending} onSend={ask} label="Ask the AI assistant" />
          </div>
        </section>
      )}
      <button
        type="button"
        className="button chat-fab"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? "Close assistant" : "Ask AI"}
      </button>
    </>
  );
}
