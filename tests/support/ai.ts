import { env } from "cloudflare:workers";
import { newId } from "../../worker/lib/crypto";
import { callWith } from "./billing";
import { FAKE_OPENAI_KEY, type ScriptedReply } from "./fake-openai";

// The Worker with an OpenAI key, its base URL on the fake server: the official SDK makes real HTTP calls.

const fake = env.FAKE_SERVER_URL;

export type ChatRequestSeen = {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
};

/** A fresh scenario with these replies; answers the env that talks to it and a reader of what it got. */
export async function scriptOpenAi(replies: ScriptedReply[]) {
  const id = newId().replace(/[^\w-]/g, "");
  await fetch(`${fake}/__openai/${id}`, { method: "POST", body: JSON.stringify(replies) });
  const workerEnv: Env = {
    ...env,
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: `${fake}/openai/${id}/v1`,
  };
  return {
    call: (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
      callWith(workerEnv, method, path, options),
    requests: async () => (await (await fetch(`${fake}/__openai/${id}`)).json()) as ChatRequestSeen[],
  };
}

/** A tool message's content, checked to be the quoted-data envelope and nothing else; answers what is inside. */
export function unwrapToolResult(content: string | null): unknown {
  const parsed: unknown = JSON.parse(content ?? "null");
  if (
    parsed === null ||
    typeof parsed !== "object" ||
    Object.keys(parsed).join() !== "untrusted_data" ||
    !("untrusted_data" in parsed)
  ) {
    throw new Error(`a tool result outside its {"untrusted_data": …} envelope: ${content}`);
  }
  return parsed.untrusted_data;
}

/** What the tools answered, in order (each checked to have come in its envelope). */
export const toolResults = (request: ChatRequestSeen | undefined) =>
  (request?.messages ?? []).filter((m) => m.role === "tool").map((m) => unwrapToolResult(m.content));

/**
 * Every place `text` appears in the requests the model received, as `role` (the message's role, or
 * "tools" for the tool definitions); for a tool message, whether it sat inside the envelope's data.
 */
export function whereSeen(requests: ChatRequestSeen[], text: string) {
  const seen: { role: string; quoted: boolean }[] = [];
  for (const request of requests) {
    if (JSON.stringify(request.tools ?? []).includes(text)) seen.push({ role: "tools", quoted: false });
    for (const message of request.messages) {
      if (!(message.content ?? "").includes(text)) continue;
      const quoted =
        message.role === "tool" && JSON.stringify(unwrapToolResult(message.content)).includes(text);
      seen.push({ role: message.role, quoted });
    }
  }
  return seen;
}
