import { Suspense, useState } from "react";
import { lazyComponent } from "../../../lib/lazy";
import "../../../components/chat-fab.css";

// The dashboard's floating assistant (docs/assistant.md). The dashboard shows it only when the plan includes it.

// The conversation (the chat window, the assistant's contract and zod with it) loads when first opened, or
// when the button is pointed at or focused: the dashboard's first screen shows only the button.
const AssistantPanel = lazyComponent(() =>
  import("./assistant-panel").then((module) => module.AssistantPanel),
);
const prefetchPanel = () => {
  AssistantPanel.prefetch().catch(() => {
    // Opening it tries again.
  });
};

export function AssistantChat() {
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden when closed), so the conversation is kept.
  const [opened, setOpened] = useState(false);

  return (
    <>
      {opened && (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="button chat-fab"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
      >
        {open ? "Close assistant" : "Ask AI"}
      </button>
    </>
  );
}
