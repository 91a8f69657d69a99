import { and, asc, eq, gt, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { Location } from "../contracts/locations";
import { newId } from "../lib/crypto";
import { type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locations } from "./schema";
import { endAccessAtArchivedLocation } from "./staff-app-ends";

/**
 * A location kiosks may use: not archived, and its account not closed. What a kiosk reads (the location, its
 * staff list, a paired device) goes through this, so closing an account stops its kiosks at once.
 */
export const openLocation = (id: SQLWrapper | string) =>
  and(
    eq(locations.id, id),
    isNull(locations.deletedAt),
    // The users table by its plain name: drizzle's relational queries would qualify its columns with
    // the locations alias.
    sql`NOT EXISTS (SELECT 1 FROM users WHERE users.id = ${locations.userId} AND users.closed_at IS NOT NULL)`,
  );

const live = (userId: string) => and(eq(locations.userId, userId), isNull(locations.deletedAt));
const toLocation = (row: typeof locations.$inferSelect): Location => ({
  id: row.id,
  name: row.name,
  timezone: row.timezone,
});

export async function listLocations(db: Db, userId: string): Promise<Location[]> {
  const rows = await db.select().from(locations).where(live(userId)).orderBy(asc(locations.createdAt));
  return rows.map(toLocation);
}

/** The caller's live location, or null (another account's, an archived one, or no such id). */
export async function findOwnedLocation(db: Db, userId: string, id: string): Promise<Location | null> {
  const row = await db.query.locations.findFirst({ where: and(eq(locations.id, id), live(userId)) });
  return row ? toLocation(row) : null;
}

/**
 * Inserts only while the account is under `maxLocations` (null: no limit), checked in the same statement
 * so two simultaneous requests cannot both take the last place. `null`: at the limit.
 */
export async function createLocation(
  db: Db,
  userId: string,
  actor: Actor,
  name: string,
  maxLocations: number | null,
): Promise<Location | null> {
  const id = newId();
  const now = Date.now();
  const [result] = await runBatch(db, [
    sql`
    INSERT INTO locations (id, user_id, name, created_at)
    SELECT ${id}, ${userId}, ${name}, ${now}
    WHERE ${maxLocations === null ? 1 : 0} = 1
       OR (SELECT count(*) FROM locations WHERE user_id = ${userId} AND deleted_at IS NULL) < ${maxLocations ?? 0}`,
    locationAudit(userId, actor, id, "created", null, { name }, now),
  ]);
  if (result?.meta.changes !== 1) return null;
  const location = await findOwnedLocation(db, userId, id);
  if (!location) throw new Error("The location just inserted cannot be read back");
  return location;
}

/**
 * Archives the location unless it is the account's last one (one statement: no race leaves zero); its staff's
 * staff app sessions end with it.
 */
export async function archiveLocation(db: Db, userId: string, actor: Actor, id: string): Promise<boolean> {
  const now = Date.now();
  const [result] = await runBatch(db, [
    sql`
    UPDATE locations SET deleted_at = ${now}
    WHERE id = ${id} AND user_id = ${userId} AND deleted_at IS NULL
      AND (SELECT count(*) FROM locations WHERE user_id = ${userId} AND deleted_at IS NULL) > 1`,
    locationAudit(userId, actor, id, "archived", { archived: false }, { archived: true }, now),
    ...endAccessAtArchivedLocation(db, id),
  ]);
  return result?.meta.changes === 1;
}

/** The audit row of a location added or archived, written only if the statement before it changed a row. */
const locationAudit = (
  userId: string,
  actor: Actor,
  locationId: string,
  action: string,
  before: object | null,
  after: object,
  now: number,
) =>
  auditStatement(
    { userId, actor, locationId, entity: "location", entityId: locationId, action, before, after },
    AFTER_A_CHANGE,
    now,
  );

/** Every location's id (archived and closed ones too), in id order, a page at a time after `after`. */
export async function locationIdsAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(gt(locations.id, after))
    .orderBy(asc(locations.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
