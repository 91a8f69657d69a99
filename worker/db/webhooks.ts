import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { WebhookEventType } from "../contracts/webhook-events";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { locations, users, webhookDeliveries, webhookEndpoints } from "./schema";

// An account's webhook endpoints and the log of what was sent to them (docs/webhooks.md).

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Endpoints an account may have. */
export const MAX_ENDPOINTS = 20;
/** How far back the log is shown (the daily purge deletes older rows, db/account-data.ts). */
const DELIVERIES_SHOWN_MS = 30 * 24 * 3600_000;

const ofAccount = (userId: string, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

export const listEndpoints = (db: Db, userId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);

export const findEndpoint = async (db: Db, userId: string, id: string) =>
  (await db.select().from(webhookEndpoints).where(ofAccount(userId, id)).get()) ?? null;

/** Stores the endpoint while the account has fewer than MAX_ENDPOINTS; false when it has that many. */
export async function insertEndpoint(db: Db, row: typeof webhookEndpoints.$inferInsert): Promise<boolean> {
  const [inserted] = await runBatch(db, [
    sql`
      INSERT INTO webhook_endpoints (id, user_id, url, events, secret_box, enabled, created_at, updated_at)
      SELECT ${row.id}, ${row.userId}, ${row.url}, ${row.events}, ${row.secretBox}, 1, ${row.updatedAt},
             ${row.updatedAt}
      WHERE (SELECT count(*) FROM webhook_endpoints WHERE user_id = ${row.userId}) < ${MAX_ENDPOINTS}`,
  ]);
  return inserted?.meta.changes === 1;
}

export const updateEndpoint = (
  db: Db,
  userId: string,
  id: string,
  set: Partial<typeof webhookEndpoints.$inferInsert>,
) => db.update(webhookEndpoints).set(set).where(ofAccount(userId, id));

/** Turns an endpoint off once: true only for the call that turned it off, so its owner is told once. */
export async function disableEndpoint(
  db: Db,
  endpoint: { userId: string; id: string },
  reason: string,
  now: number,
) {
  const changed = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(ofAccount(endpoint.userId, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return changed.length === 1;
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const [, deleted] = await runBatch(db, [
    db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, id),
          sql`${id} IN (SELECT id FROM webhook_endpoints WHERE user_id = ${userId})`,
        ),
      ),
    db.delete(webhookEndpoints).where(ofAccount(userId, id)),
  ]);
  return deleted?.meta.changes === 1;
}

/** The account's enabled endpoints that want this event. */
export const endpointsWanting = (db: Db, userId: string, type: WebhookEventType) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, userId),
        eq(webhookEndpoints.enabled, true),
        sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoints.events}) WHERE value = ${type})`,
      ),
    );

/** A delivery row binds 12 values: 8 rows to a statement keep within D1's 100 bound parameters. */
const DELIVERIES_PER_INSERT = 8;

/** Stores the deliveries in one D1 batch, however many events and endpoints they are for. */
export async function insertDeliveries(db: Db, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  const inserts = [];
  for (let i = 0; i < rows.length; i += DELIVERIES_PER_INSERT) {
    inserts.push(db.insert(webhookDeliveries).values(rows.slice(i, i + DELIVERIES_PER_INSERT)));
  }
  if (inserts.length > 0) await runBatch(db, inserts);
}

/**
 * One delivery of the event to each enabled endpoint of the location's account that wants its type: the
 * endpoints are chosen where the rows are written, one statement per event, so a hub's hand-over of punches
 * is one D1 batch. Each row's id (`msg_` and 128 random bits) comes back for the queue.
 */
export const insertDeliveriesAtLocation = (
  locationId: string,
  event: { type: string; payload: string },
  now: number,
) => sql`
  INSERT INTO ${webhookDeliveries} (id, endpoint_id, type, payload, status, attempts, created_at, updated_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), e.id, ${event.type}, ${event.payload}, 'pending', 0, ${now}, ${now}
  FROM ${webhookEndpoints} e JOIN ${locations} l ON l.user_id = e.user_id
  WHERE l.id = ${locationId} AND e.enabled = 1
    AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${event.type})
  RETURNING id`;

/** Deliveries with their endpoints, as the queue's consumer sends a batch of them: one read. */
export const deliveriesToSend = (db: Db, ids: readonly string[]) =>
  db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(sql`${webhookDeliveries.id} IN ${idsIn(ids)}`);

export type DeliveryToSend = Awaited<ReturnType<typeof deliveriesToSend>>[number];

export const updateDelivery = (db: Db, id: string, set: Partial<typeof webhookDeliveries.$inferInsert>) =>
  db.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));

/** The endpoint's deliveries of the last 30 days, newest first. */
export const recentDeliveries = (db: Db, endpointId: string, now: number, limit = 100) =>
  db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        gte(webhookDeliveries.createdAt, now - DELIVERIES_SHOWN_MS),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);

/** Whom to tell about the account's endpoints: its owner's name and address. */
export const accountOwner = (db: Db, userId: string) =>
  db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
