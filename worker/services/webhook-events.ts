import type { WebhookEventType } from "../contracts/webhook-events";

// Where a change becomes a webhook event (docs/webhooks.md): every place that makes one of the events calls
// this after its change is stored, with the ids and the changed record (never PINs or tokens).

export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown> };

/** Queues the event for the account's endpoints that want it. */
export async function publishEvent(_env: Env, _accountId: string, _event: WebhookEvent): Promise<void> {}
