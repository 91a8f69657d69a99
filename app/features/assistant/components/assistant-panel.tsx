import { MANAGER_ASSISTANT_UNAVAILABLE } from "@contracts/assistant";
import { featureDeniedMessage } from "@domain/plans";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type ChatMessage, ChatWindow } from "../../../components/chat-window";
import { ApiFailure } from "../../../lib/api";
import { askAssistant } from "../api";

const GREETING: ChatMessage = {
  type: "bot",
  content: "Hello! Ask me about your business, for example: Who is in right now? Who was late today?",
};

type Props = { open: boolean; onClose: () => void };

/**
 * The assistant's conversation, its own chunk (./assistant-chat.tsx loads it when first opened). It stays
 * mounted once opened, shown or not, so closing it keeps the conversation.
 */
export function AssistantPanel({ open, onClose }: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const say = (content: string) => setMessages((current) => [...current, { type: "bot", content }]);
  const question = useMutation({
    mutationFn: askAssistant,
    onMutate: (text) => setMessages((current) => [...current, { type: "user", content: text }]),
    onSuccess: ({ response }) => say(response),
    onError: (error) =>
      say(
        error instanceof ApiFailure && error.status === 403
          ? featureDeniedMessage("aiAssistant")
          : MANAGER_ASSISTANT_UNAVAILABLE,
      ),
  });

  if (!open) return null;
  return (
    <section className="chat-panel" aria-label="AI assistant">
      <div className="chat-panel__main">
        <header className="chat-panel__header">
          <h2>AI Assistant</h2>
          <button type="button" className="button button--small" onClick={onClose}>
            Close
          </button>
        </header>
        <ChatWindow
          messages={messages}
          pending={question.isPending}
          onSend={(text) => question.mutate(text)}
          label="Ask the AI assistant"
        />
      </div>
    </section>
  );
}
