import type { Db } from "./client";
import { openLocation } from "./locations";

// What an unauthenticated caller may learn of a location (its logo's address): whether it is live.

/** An open location's id, name and time zone (one table, no settings), or null when it is not live. */
export async function findOpenLocation(db: Db, id: string) {
  const row = await db.query.locations.findFirst({
    where: openLocation(id),
    columns: { id: true, name: true, timezone: true },
  });
  return row ?? null;
}
