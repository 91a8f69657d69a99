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

export const toolResults = (request: ChatRequestSeen | undefined) =>
  (request?.messages ?? [])
    .filter((m) => m.role === "tool")
    .map((m) => JSON.parse(m.content ?? "null") as unknown);
