import { Hono } from "hono";
import { type ChatResponse, chatRequest, MANAGER_ASSISTANT_UNAVAILABLE } from "../contracts/assistant";
import { recordAiQuery } from "../db/ai-queries";
import { hit } from "../db/rate-limits";
import { tooManyRequests } from "../lib/errors";
import { requireFeature } from "../lib/plan-gate";
import { jsonBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import { answerOrUnavailable, assistantFor } from "../services/ai";
import { answerManagerOffline } from "../services/ai/manager-analyst";
import { managerData } from "../services/ai/manager-data";
import { MANAGER_SYSTEM_PROMPT, managerTools } from "../services/ai/manager-tools";
import type { AppEnv } from "../types";

// The managers' assistant (POST /ai-assistant/chat, docs/assistant.md): Pro, Business and VIP accounts only.

/** Each question may cost a paid model call: 30 per manager per 10 minutes is plenty for a person. */
export const CHAT_WINDOW = { limit: 30, windowMs: 10 * 60_000 };

export const aiAssistantRoutes = new Hono<AppEnv>().post(
  "/chat",
  requireManager,
  jsonBody(chatRequest),
  async (c) => {
    const db = c.get("db");
    const user = c.get("user");
    requireFeature(user, "aiAssistant");
    const { message } = c.req.valid("json");
    const limit = await hit(db, `ai-chat:${user.id}`, CHAT_WINDOW);
    if (!limit.allowed)
      throw tooManyRequests("Too many questions. Please wait a few minutes.", limit.retryAfter);
    await recordAiQuery(db, user.id, message);

    const data = managerData(c.env, db, user.id);
    const assistant = assistantFor(c.env, {
      system: MANAGER_SYSTEM_PROMPT,
      tools: managerTools(data),
      offline: (question) => answerManagerOffline(question, data),
    });
    const response = await answerOrUnavailable(assistant, message, {
      who: `[${c.get("requestId")}] manager assistant`,
      detail: MANAGER_ASSISTANT_UNAVAILABLE,
    });
    return c.json<ChatResponse>({ response });
  },
);
