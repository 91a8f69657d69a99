import { z } from "zod";
import { isSafeParagraph, unsafeTextMessage } from "./text";

// The two assistants' wire format (message, response) and the texts the SPA shows on failure.

export const CHAT_MESSAGE_MAX = 2000;

export const chatRequest = z.strictObject({
  message: z
    .string({ error: "message is required" })
    .refine(isSafeParagraph, unsafeTextMessage("Your question"))
    .trim()
    .min(1, "Please type a question")
    .max(CHAT_MESSAGE_MAX, `Questions can be at most ${CHAT_MESSAGE_MAX.toLocaleString("en-GB")} characters`),
});

export type ChatResponse = { response: string };

export const MANAGER_ASSISTANT_UNAVAILABLE = "Sorry, I'm temporarily unavailable. Please try again later.";
export const SUPER_ADMIN_ASSISTANT_UNAVAILABLE =
  "I apologize, but I'm experiencing technical difficulties. Please try again in a moment.";
