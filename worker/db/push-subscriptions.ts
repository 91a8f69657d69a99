import { and, eq } from "drizzle-orm";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { pushSubscriptions } from "./schema";

// Each phone where a staff member turned notifications on (docs/staff-app.md, "Notifications").

/** Stores a browser's subscription for the employee; the same endpoint again takes the newest keys and owner. */
export async function savePushSubscription(
  db: Db,
  employeeId: string,
  subscription: { endpoint: string; p256dh: string; auth: string },
  now = Date.now(),
) {
  const values = { employeeId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now };
  await db
    .insert(pushSubscriptions)
    .values({ id: newId(), endpoint: subscription.endpoint, ...values, lastSuccessAt: null })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSuccessAt: null } });
}

/** Forgets one of the employee's own subscriptions; answers whether there was one. */
export async function deletePushSubscription(db: Db, employeeId: string, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.employeeId, employeeId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export const pushSubscriptionsOf = (db: Db, employeeId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.employeeId, employeeId));

/** The push service accepted a message for it. */
export const pushDelivered = (db: Db, id: string, now = Date.now()) =>
  db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));

/** The push service said it is gone (404, 410). */
export const pushGone = (db: Db, id: string) =>
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
