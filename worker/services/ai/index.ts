import { isDevelopment } from "../../lib/config";
import { ApiError } from "../../lib/errors";
import { askOpenAi, DEFAULT_MODEL, type OpenAiConfig } from "./openai-assistant";
import type { AssistantTool } from "./tools";

// The adapter, as for e-mail and billing: the OpenAI API when a key is configured; in development
// without one, the built-in offline analyst, which answers the common questions from the same tool
// functions. A deployed Worker without a key never falls back to it: every question fails, and the
// routes answer 503.

export type Assistant = {
  kind: "openai" | "offline" | "unconfigured";
  answer: (question: string) => Promise<string>;
};

export type AssistantDesign = {
  system: string;
  tools: readonly AssistantTool[];
  offline: (question: string) => Promise<string>;
};

export function openAiConfig(env: Env): OpenAiConfig | null {
  if (!env.OPENAI_API_KEY) return null;
  return {
    apiKey: env.OPENAI_API_KEY,
    model: env.OPENAI_MODEL?.trim() || DEFAULT_MODEL,
    baseURL: env.OPENAI_BASE_URL?.trim() || undefined,
  };
}

export function assistantFor(env: Env, design: AssistantDesign): Assistant {
  const config = openAiConfig(env);
  if (!config && isDevelopment(env)) return { kind: "offline", answer: design.offline };
  if (!config) {
    console.error("OPENAI_API_KEY is not set: set it with `wrangler secret put OPENAI_API_KEY`");
    return {
      kind: "unconfigured",
      answer: () => Promise.reject(new Error("The AI assistant is not configured")),
    };
  }
  return { kind: "openai", answer: (question) => askOpenAi(config, design.system, question, design.tools) };
}

/**
 * The assistant's answer, or a 503 with the screen's own text. The model's failure is ours to
 * log, as `who` says (never the question or the key).
 */
export async function answerOrUnavailable(
  assistant: Assistant,
  question: string,
  failure: { who: string; detail: string },
): Promise<string> {
  try {
    return await assistant.answer(question);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : "unknown";
    console.error(`${failure.who} (${assistant.kind}) failed: ${reason}`);
    throw new ApiError(503, failure.detail);
  }
}
