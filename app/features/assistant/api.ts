import { api, data } from "../../lib/api";

/** The manager's assistant: one question, one answer. */
export const askAssistant = (message: string) => data(api["ai-assistant"].chat.$post({ json: { message } }));
