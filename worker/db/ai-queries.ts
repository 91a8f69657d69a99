import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { aiQueries } from "./schema";

/** Records a manager's question for the super admin's analytics (who, what, when). */
export async function recordAiQuery(db: Db, userId: string, query: string, now = Date.now()) {
  await db.insert(aiQueries).values({ id: newId(), userId, query, createdAt: now });
}
