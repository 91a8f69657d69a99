import { eq } from "drizzle-orm";
import { type Actor, accountSettingAudit } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locations, users } from "./schema";

// The account's choice of 48-hour average reference periods (docs/compliance.md, "What the employer decides").

/** The first day of the account's fixed 17-week periods, for one of its locations; null: rolling periods. */
export async function averageReferenceStartOf(db: Db, locationId: string): Promise<string | null> {
  const [row] = await db
    .select({ start: users.averageReferenceStart })
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .where(eq(locations.id, locationId))
    .limit(1);
  return row?.start ?? null;
}

/** Saves the choice with its audit row, in one batch. */
export async function saveAverageReferenceStart(
  db: Db,
  userId: string,
  actor: Actor,
  start: string | null,
): Promise<void> {
  const [row] = await db
    .select({ start: users.averageReferenceStart })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  await runBatch(db, [
    db.update(users).set({ averageReferenceStart: start }).where(eq(users.id, userId)),
    accountSettingAudit(
      userId,
      actor,
      "working_time_changed",
      { average_reference_start: row?.start ?? null },
      { average_reference_start: start },
    ),
  ]);
}
