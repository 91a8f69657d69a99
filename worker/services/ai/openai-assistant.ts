import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { type AssistantTool, runTool, toolResultMessage } from "./tools";

// The assistant through the official openai SDK: the model may call the read-only tools for a bounded
// number of rounds, then must answer in text. One timeout covers the whole conversation. Tool results go
// back as quoted, untrusted data (toolResultMessage), for both assistants.

export type OpenAiConfig = {
  apiKey: string;
  model: string;
  baseURL?: string;
  timeoutMs?: number;
  maxToolRounds?: number;
};

export const DEFAULT_MODEL = "gpt-4o-mini";
export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_TOOL_ROUNDS = 4;

const toolSpec = (tool: AssistantTool): ChatCompletionTool => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

export async function askOpenAi(
  config: OpenAiConfig,
  system: string,
  question: string,
  tools: readonly AssistantTool[],
): Promise<string> {
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0 });
  const signal = AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: system },
    { role: "user", content: question },
  ];
  const rounds = config.maxToolRounds ?? DEFAULT_MAX_TOOL_ROUNDS;
  for (let round = 0; round <= rounds; round++) {
    // The last round offers no tools: the model has to answer with what it has.
    const lastRound = round === rounds;
    const completion = await client.chat.completions.create(
      {
        model: config.model,
        messages,
        ...(lastRound ? {} : { tools: tools.map(toolSpec) }),
      },
      { signal },
    );
    const reply = completion.choices[0]?.message;
    if (!reply) throw new Error("The model sent no choices");
    const calls = (reply.tool_calls ?? []).filter((call) => call.type === "function");
    if (calls.length === 0 || lastRound) {
      const text = reply.content?.trim();
      if (!text) throw new Error("The model sent an empty answer");
      return text;
    }
    messages.push({ role: "assistant", content: reply.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const result = await runTool(tools, call.function.name, call.function.arguments);
      messages.push({ role: "tool", tool_call_id: call.id, content: toolResultMessage(result) });
    }
  }
  throw new Error("unreachable: the last round always answers");
}
