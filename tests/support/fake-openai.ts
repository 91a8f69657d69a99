// OpenAI's chat completions API on the fake server (tests/support/fake-server.ts), scriptable per test.
// A test registers a scenario (its replies in order) under its own id, points the SDK's baseURL at
// `${fake}/openai/<id>/v1`, and afterwards reads back every request the Worker sent. Ids keep test
// files that run in parallel apart.

export const FAKE_OPENAI_KEY = "sk-test-clocked-fake";

/** One scripted reply: tool calls, a final text, or an HTTP error. */
export type ScriptedReply =
  | { tool_calls: { name: string; arguments: Record<string, unknown> }[] }
  | { content: string }
  | { status: number };

type Reply = (status: number, payload: unknown) => void;
type Scenario = { replies: ScriptedReply[]; requests: unknown[] };

const scenarios = new Map<string, Scenario>();
let counter = 0;

function completion(reply: ScriptedReply, model: string) {
  const id = `chatcmpl-${++counter}`;
  const message =
    "tool_calls" in reply
      ? {
          role: "assistant",
          content: null,
          tool_calls: reply.tool_calls.map((call, index) => ({
            id: `call_${counter}_${index}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        }
      : { role: "assistant", content: "content" in reply ? reply.content : "" };
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      { index: 0, message, finish_reason: "tool_calls" in reply ? "tool_calls" : "stop", logprobs: null },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** Routes under /openai/<id>/v1/… (the API) and /__openai/<id> (the test's controls). */
export function handleOpenAi(
  method: string,
  path: string,
  authorization: string | undefined,
  body: string,
  send: Reply,
) {
  const control = /^\/__openai\/([\w-]+)$/.exec(path);
  if (control?.[1]) {
    if (method === "POST") {
      scenarios.set(control[1], { replies: JSON.parse(body) as ScriptedReply[], requests: [] });
      return send(200, { ok: true });
    }
    return send(200, scenarios.get(control[1])?.requests ?? []);
  }
  const api = /^\/openai\/([\w-]+)\/v1\/chat\/completions$/.exec(path);
  const scenario = api?.[1] ? scenarios.get(api[1]) : undefined;
  if (!scenario || method !== "POST") return send(404, { error: { message: "Unknown scenario" } });
  if (authorization !== `Bearer ${FAKE_OPENAI_KEY}`) {
    return send(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
  }
  const request = JSON.parse(body) as { model: string };
  scenario.requests.push(request);
  const reply = scenario.replies.shift() ?? { status: 500 };
  if ("status" in reply)
    return send(reply.status, { error: { message: "The server had an error", type: "server_error" } });
  send(200, completion(reply, request.model));
}
