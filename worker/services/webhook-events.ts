import type { WebhookEventType } from "../contracts/webhook-events";
import { getDb } from "../db/client";
import { accountOfLocation, endpointsWanting } from "../db/webhooks";
import type { PunchEvent } from "../domain/hub-exchange";
import { describeError } from "../lib/errors";
import { queueDeliveries } from "./webhooks";

// Where a change becomes a webhook event (docs/webhooks.md): every place that makes one of the events calls
// this after its change is stored, with the ids and the changed record (never PINs or tokens).

export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown> };

/**
 * Queues the event for the account's endpoints that want it. Never fails the change it reports: a failure
 * to queue is logged.
 */
export async function publishEvent(env: Env, accountId: string, event: WebhookEvent): Promise<void> {
  try {
    const db = getDb(env.DB);
    const endpoints = await endpointsWanting(db, accountId, event.type);
    await queueDeliveries(
      env,
      db,
      endpoints.map((endpoint) => endpoint.id),
      [event],
    );
  } catch (error) {
    console.error(
      `[webhooks] ${event.type} for account ${accountId} was not queued: ${describeError(error)}`,
    );
  }
}

/**
 * A hub's punches as attendance.punched events, one per punch and endpoint that wants them. Throws when they
 * could not be queued, so the hub keeps them to try again (at least once; the `webhook-id` differs per try).
 */
export async function publishPunches(env: Env, locationId: string, punches: readonly PunchEvent[]) {
  const db = getDb(env.DB);
  const accountId = await accountOfLocation(db, locationId);
  if (accountId === null) return;
  const endpoints = (await endpointsWanting(db, accountId, "attendance.punched")).map(
    (endpoint) => endpoint.id,
  );
  if (endpoints.length === 0) return;
  await queueDeliveries(
    env,
    db,
    endpoints,
    punches.map((punch) => ({
      type: "attendance.punched",
      data: {
        punch: {
          location_id: locationId,
          employee_id: punch.employeeId,
          action: punch.action,
          at: new Date(punch.at).toISOString(),
          entry_id: punch.sessionId,
        },
      },
    })),
  );
}
