import { desc, eq } from "drizzle-orm";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { emailOutbox } from "./schema";

// The development outbox: where mail lands when no e-mail API is configured (GET /api/dev/outbox).

export async function queueOutboxMessage(db: Db, message: { to: string; subject: string; text: string }) {
  await db.insert(emailOutbox).values({
    id: newId(),
    toEmail: message.to,
    subject: message.subject,
    body: message.text,
    createdAt: Date.now(),
  });
}

/** The latest messages to `email`, newest first. */
export const outboxFor = (db: Db, email: string, limit: number) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
