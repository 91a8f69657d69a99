import { askOpenAi, DEFAULT_MODEL, type OpenAiConfig } from "./openai-assistant";
import type { AssistantTool } from "./tools";

// The adapter, as for e-mail and billing: the OpenAI API when a key is configured, otherwise the
// built-in offline analyst, which answers the common questions from the same tool functions.

export type Assistant = { kind: "openai" | "offline"; answer: (question: string) => Promise<string> };

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
  if (!config) return { kind: "offline", answer: design.offline };
  return { kind: "openai", answer: (question) => askOpenAi(config, design.system, question, design.tools) };
}
