import type { ReactNode } from "react";

// A reply as the assistants write it: paragraphs, and lists as lines beginning "- ", "* " or "• " (the
// offline analyst's lists, and a language model's markdown). Shown as real paragraphs and lists, as text:
// nothing in a reply is ever read as HTML.

export type ChatBlock = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

const ITEM = /^\s*[-*•]\s+/;

export function chatBlocks(content: string): ChatBlock[] {
  const blocks: ChatBlock[] = [];
  for (const line of content.split("\n")) {
    const last = blocks.at(-1);
    if (ITEM.test(line)) {
      const item = line.replace(ITEM, "");
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else if (line.trim() !== "") {
      blocks.push({ kind: "paragraph", text: line });
    }
  }
  return blocks;
}

export function ChatMessageText({ content }: { content: string }): ReactNode {
  return chatBlocks(content).map((block, index) =>
    block.kind === "list" ? (
      // Blocks never move: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: a reply's blocks are fixed
      <ul key={index} className="chat-bubble__list">
        {block.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list's items are fixed
          <li key={i}>{item}</li>
        ))}
      </ul>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a reply's blocks are fixed
      <p key={index} className="chat-bubble__paragraph">
        {block.text}
      </p>
    ),
  );
}
