import type { ChatResponse } from "../../../worker/contracts/assistant";
import { apiRequest } from "../../lib/api";

export const assistantApi = {
  ask: (message: string) =>
    apiRequest<ChatResponse>("POST", "/ai-assistant/chat", { auth: true, body: { message } }),
};
