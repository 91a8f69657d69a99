import type { WebhookEventType } from "../contracts/webhook-events";
import { runBatch } from "../db/batch";
import { getDb } from "../db/client";
import { endpointsWanting, insertDeliveriesAtLocation } from "../db/webhooks";
import type { PunchEvent } from "../domain/hub-exchange";
import { describeError } from "../lib/errors";
import { eventBody, queueDeliveries, sendToQueue } from "./webhooks";

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
 * A hub's punches as attendance.punched events, one per punch and endpoint that wants them: one D1 batch that
 * finds the endpoints as it writes (docs/webhooks.md, "Punches"), then the queue. Throws when they could not be
 * queued, so the hub keeps them to try again (at least once; the `webhook-id` differs per try).
 */
export async function publishPunches(env: Env, locationId: string, punches: readonly PunchEvent[]) {
  if (punches.length === 0) return;
  const db = getDb(env.DB);
  const now = Date.now();
  const results = await runBatch(
    db,
    punches.map((punch) =>
      insertDeliveriesAtLocation(
        locationId,
        {
          type: "attendance.punched",
          payload: eventBody(
            "attendance.punched",
            {
              punch: {
                location_id: locationId,
                employee_id: punch.employeeId,
                action: punch.action,
                at: new Date(punch.at).toISOString(),
                entry_id: punch.sessionId,
              },
            },
            now,
          ),
        },
        now,
      ),
    ),
  );
  await sendToQueue(
    env,
    results.flatMap((result) => (result.results as { id: string }[]).map((row) => row.id)),
  );
}
