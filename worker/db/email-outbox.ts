import { desc, eq } from "drizzle-orm";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { emailOutbox } from "./schema";

// The development outbox: where mail lands when no e-mail API is configured (GET /api/dev/outbox).

type OutboxAttachment = { filename: string; contentType: string; content: string };

export async function queueOutboxMessage(
  db: Db,
  message: { to: string; subject: string; text: string; attachments?: OutboxAttachment[] },
) {
  await db.insert(emailOutbox).values({
    id: newId(),
    toEmail: message.to,
    subject: message.subject,
    body: message.text,
    attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    createdAt: Date.now(),
  });
}

/** A stored message's attachments; none for a message without. */
export const outboxAttachments = (stored: string | null): OutboxAttachment[] =>
  stored ? (JSON.parse(stored) as OutboxAttachment[]) : [];

/** The latest messages to `email`, newest first. */
export const outboxFor = (db: Db, email: string, limit: number) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
