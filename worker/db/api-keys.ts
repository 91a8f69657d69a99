import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ApiKey, ApiKeyScope } from "../contracts/api-keys";
import { ACCOUNT_WIDE, type Actor, AFTER_A_CHANGE, auditStatement } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { apiKeys, users } from "./schema";

// The account's API keys (docs/public-api.md, "Keys"): created and revoked with an audit row each, found by the
// hash of the secret a caller sends.

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const apiKeyView = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope as ApiKeyScope,
  location_ids: row.locationIds === null ? null : (JSON.parse(row.locationIds) as string[]),
  prefix: row.prefix,
  created_by_name: row.createdByName,
  created_at: new Date(row.createdAt).toISOString(),
  last_used_at: iso(row.lastUsedAt),
});

/** The account's keys not revoked, newest first. */
export const liveApiKeys = (db: Db, userId: string) =>
  db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);

export type NewApiKey = {
  id: string;
  userId: string;
  actor: Actor;
  name: string;
  scope: ApiKeyScope;
  locationIds: string[] | null;
  prefix: string;
  secretHash: string;
};

const keyAudit = (key: { userId: string; actor: Actor; id: string }, action: string, after: object | null) =>
  auditStatement(
    {
      userId: key.userId,
      actor: key.actor,
      locationId: ACCOUNT_WIDE,
      entity: "api_key",
      entityId: key.id,
      action,
      before: null,
      after,
    },
    AFTER_A_CHANGE,
  );

/** Stores a key and its audit row in one batch, while the account has fewer than `max` live keys. */
export async function insertApiKey(db: Db, key: NewApiKey, max: number, now = Date.now()) {
  const locationIds = key.locationIds === null ? null : JSON.stringify(key.locationIds);
  const [inserted] = await runBatch(db, [
    sql`
      INSERT INTO api_keys (id, user_id, name, scope, location_ids, prefix, secret_hash, created_by_id,
                            created_by_name, created_at)
      SELECT ${key.id}, ${key.userId}, ${key.name}, ${key.scope}, ${locationIds}, ${key.prefix},
             ${key.secretHash}, ${key.actor.id}, ${key.actor.name}, ${now}
      WHERE (SELECT count(*) FROM api_keys WHERE user_id = ${key.userId} AND revoked_at IS NULL) < ${max}`,
    keyAudit(key, "created", {
      name: key.name,
      scope: key.scope,
      location_ids: key.locationIds,
      prefix: key.prefix,
    }),
  ]);
  if (inserted?.meta.changes !== 1) return null;
  return (await db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get()) ?? null;
}

/** Revokes one of the account's keys; false when there is no such live key. */
export async function revokeApiKey(db: Db, userId: string, actor: Actor, id: string, now = Date.now()) {
  const [revoked] = await runBatch(db, [
    db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))),
    keyAudit({ userId, actor, id }, "revoked", null),
  ]);
  return revoked?.meta.changes === 1;
}

/** The live key with this secret hash, and its account's row (never a closed account's). */
export async function apiKeyForHash(db: Db, secretHash: string) {
  const row = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(users.closedAt)))
    .get();
  return row ?? null;
}

/** Records the key's use, at most once per `every` ms: most calls write nothing. */
export const touchApiKey = (db: Db, id: string, every: number, now = Date.now()) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - every))));

export const setApiPayData = (db: Db, userId: string, allowed: boolean) =>
  db.update(users).set({ apiPayData: allowed }).where(eq(users.id, userId));
