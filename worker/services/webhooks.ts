import type { WebhookEventType } from "../contracts/webhook-events";
import type { WebhookDelivery, WebhookEndpoint } from "../contracts/webhooks";
import type { Db } from "../db/client";
import { listLocations } from "../db/locations";
import {
  accountOwner,
  type DeliveryRow,
  type DeliveryToSend,
  deliveriesToSend,
  disableEndpoint,
  type EndpointRow,
  insertDeliveries,
  updateDelivery,
  updateEndpoint,
} from "../db/webhooks";
import { outboundUrlProblem } from "../domain/outbound-url";
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_FAILING_MS, retryDelaySeconds } from "../domain/webhook-retries";
import { webhookSignature } from "../domain/webhook-signature";
import { notifyHub } from "../durable/client";
import { appSecret, isDevelopment } from "../lib/config";
import { newId } from "../lib/crypto";
import { describeError } from "../lib/errors";
import { type SealingKey, seal, unseal } from "../lib/sealed";
import { mailerFor } from "./email";

// Webhooks (docs/webhooks.md): an event becomes one delivery per endpoint that wants it, each a queue message;
// the queue's consumer signs and sends it, and retries on the schedule of domain/webhook-retries.ts.

/** An endpoint's signing secret is sealed for its account (lib/sealed.ts): copied to another row, it does not open. */
const sealingKey = (env: Env): SealingKey => ({ secret: appSecret(env), purpose: "webhook signing secret" });
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type WebhookMessage = { delivery: string };

export const sealWebhookSecret = (env: Env, userId: string, secret: string) =>
  seal(sealingKey(env), userId, secret);

async function opened(env: Env, endpoint: EndpointRow, box: string): Promise<string> {
  const secret = await unseal(sealingKey(env), endpoint.userId, box);
  if (secret === null) throw new Error(`The signing secret of endpoint ${endpoint.id} does not open`);
  return secret;
}

export const endpointView = (row: EndpointRow, now = Date.now()): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events),
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  failing_since: iso(row.failingSince),
  previous_secret_until:
    row.previousUntil !== null && row.previousUntil > now ? iso(row.previousUntil) : null,
  created_at: new Date(row.createdAt).toISOString(),
});

export const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  type: row.type,
  status: row.status as WebhookDelivery["status"],
  attempts: row.attempts,
  response_code: row.responseCode,
  duration_ms: row.durationMs,
  last_error: row.lastError,
  next_attempt_at: iso(row.nextAttemptAt),
  created_at: new Date(row.createdAt).toISOString(),
  updated_at: new Date(row.updatedAt).toISOString(),
});

/** The JSON body of a delivery, exactly as it is signed and sent (docs/webhooks.md, "A delivery"). */
export const eventBody = (type: string, data: Record<string, unknown>, now: number) =>
  JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });

/** A queue's sendBatch takes at most 100 messages. */
const MESSAGES_PER_SEND = 100;

/**
 * Records one delivery of each event per endpoint and queues each, in one D1 batch and as few queue sends as
 * the queue allows: the body is fixed now, so every attempt and every resend sends (and signs) the same bytes
 * under the same `webhook-id`.
 */
export async function queueDeliveries(
  env: Env,
  db: Db,
  endpointIds: readonly string[],
  events: readonly { type: WebhookEventType | string; data: Record<string, unknown> }[],
  now = Date.now(),
): Promise<DeliveryRow[]> {
  if (endpointIds.length === 0) return [];
  const rows = events.flatMap(({ type, data }) => {
    const payload = eventBody(type, data, now);
    return endpointIds.map((endpointId) => ({
      id: `msg_${newId()}`,
      endpointId,
      type,
      payload,
      status: "pending",
      attempts: 0,
      responseCode: null,
      durationMs: null,
      lastError: null,
      nextAttemptAt: null,
      createdAt: now,
      updatedAt: now,
    }));
  });
  await insertDeliveries(db, rows);
  await sendToQueue(
    env,
    rows.map((row) => row.id),
  );
  return rows;
}

/** Queues stored deliveries, as few sends as the queue allows. */
export async function sendToQueue(env: Env, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += MESSAGES_PER_SEND) {
    await env.WEBHOOKS.sendBatch(
      ids.slice(i, i + MESSAGES_PER_SEND).map((id) => ({ body: { delivery: id } satisfies WebhookMessage })),
    );
  }
}

const wantsPunches = (row: Pick<EndpointRow, "events">) =>
  (JSON.parse(row.events) as string[]).includes("attendance.punched");

/**
 * The account's hubs read their site again when an endpoint that wants punches came, changed or went: each hub
 * writes punches to its outbox only while one does (docs/webhooks.md, "Punches").
 */
export async function tellHubsOfPunchWebhooks(
  env: Env,
  db: Db,
  userId: string,
  ...touched: Pick<EndpointRow, "events">[]
) {
  if (!touched.some(wantsPunches)) return;
  const locations = await listLocations(db, userId);
  await Promise.all(locations.map((location) => notifyHub(env, location.id, "site")));
}

/** Queues a delivery again, as it was (the same id and body): "Resend" in the log. */
export async function resendDelivery(env: Env, db: Db, id: string, now = Date.now()) {
  await updateDelivery(db, id, { status: "pending", nextAttemptAt: null, updatedAt: now });
  await env.WEBHOOKS.send({ delivery: id } satisfies WebhookMessage);
}

/** The secrets that sign now: the endpoint's, and a rotated one for its last 24 hours. */
async function signingSecrets(env: Env, endpoint: EndpointRow, now: number): Promise<string[]> {
  const secrets = [await opened(env, endpoint, endpoint.secretBox)];
  if (endpoint.previousSecretBox && endpoint.previousUntil !== null && endpoint.previousUntil > now) {
    secrets.push(await opened(env, endpoint, endpoint.previousSecretBox));
  }
  return secrets;
}

type Attempt = { ok: boolean; status: number | null; durationMs: number; error: string | null };

/**
 * One POST, signed, within 10 seconds, following no redirect (a 3xx is a failure) and carrying no cookie
 * (a Worker's fetch sends none); only a 2xx is a success.
 */
async function post(env: Env, endpoint: EndpointRow, delivery: DeliveryRow, now: number): Promise<Attempt> {
  const problem = outboundUrlProblem(endpoint.url, !isDevelopment(env));
  if (problem) return { ok: false, status: null, durationMs: 0, error: problem };
  const timestamp = Math.floor(now / 1000);
  const signature = await webhookSignature(await signingSecrets(env, endpoint, now), {
    id: delivery.id,
    timestamp,
    body: delivery.payload,
  });
  const started = Date.now();
  try {
    const response = await fetch(endpoint.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Clocked-Webhooks/1.0",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signature,
      },
      body: delivery.payload,
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    const error = ok
      ? null
      : response.status >= 300 && response.status < 400
        ? "Redirects are not followed"
        : null;
    return { ok, status: response.status, durationMs: Date.now() - started, error };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return {
      ok: false,
      status: null,
      durationMs: Date.now() - started,
      error: timedOut ? "No answer within 10 seconds" : `Could not connect: ${describeError(error)}`,
    };
  }
}

/** The schedule's wait; development waits a three-hundredth of it, so a local retry is seconds away. */
const waitSeconds = (env: Env, attempts: number) => {
  const delay = retryDelaySeconds(attempts);
  if (delay === null || !isDevelopment(env)) return delay;
  return Math.max(1, Math.round(delay / 300));
};

/**
 * Sends one queued delivery. Answers how long to wait before the next attempt, or null when it is done
 * (delivered, failed for good, or its endpoint is off). `attempt`: the queue message's attempt number.
 */
async function deliver(env: Env, db: Db, found: DeliveryToSend, attempt: number, now = Date.now()) {
  const { delivery, endpoint } = found;
  const { id } = delivery;
  if (!endpoint.enabled) {
    await updateDelivery(db, id, { status: "failed", lastError: "The endpoint is disabled", updatedAt: now });
    return null;
  }
  const sent = await post(env, endpoint, delivery, now);
  const attempts = delivery.attempts + 1;
  const outcome = { attempts, responseCode: sent.status, durationMs: sent.durationMs, updatedAt: Date.now() };
  if (sent.ok) {
    await updateDelivery(db, id, { ...outcome, status: "succeeded", lastError: null, nextAttemptAt: null });
    if (endpoint.failingSince !== null)
      await updateEndpoint(db, endpoint.userId, endpoint.id, { failingSince: null });
    return null;
  }
  const wait = waitSeconds(env, attempt);
  await updateDelivery(db, id, {
    ...outcome,
    status: wait === null ? "failed" : "retrying",
    lastError: sent.error ?? `Answered ${sent.status}`,
    nextAttemptAt: wait === null ? null : now + wait * 1000,
  });
  await noteFailure(env, db, endpoint, now);
  return wait;
}

/** An endpoint failing since more than 3 days ago is disabled, and the account's owner told. */
async function noteFailure(env: Env, db: Db, endpoint: EndpointRow, now: number) {
  if (endpoint.failingSince === null) {
    await updateEndpoint(db, endpoint.userId, endpoint.id, { failingSince: now });
    return;
  }
  if (now - endpoint.failingSince < DISABLE_AFTER_FAILING_MS) return;
  // Deliveries to one endpoint may fail side by side: only the one that turns it off tells the owner.
  if (!(await disableEndpoint(db, endpoint, "Every delivery failed for 3 days", now))) return;
  const owner = await accountOwner(db, endpoint.userId);
  if (!owner) return;
  await mailerFor(env, db).send({
    to: owner.email,
    subject: "A Clocked webhook endpoint has been turned off",
    text: [
      `Hello ${owner.name},`,
      "",
      `Clocked could not deliver to ${endpoint.url} for 3 days, so we have stopped sending to it.`,
      "Once the receiver works again, turn the endpoint back on in Menu → Integrations → Webhooks; the log there",
      "shows each delivery and lets you resend the ones that failed.",
      "",
      "Clocked",
    ].join("\n"),
  });
}

/** The WEBHOOKS queue: each message one delivery, sent, then acknowledged or retried on the schedule. */
export async function consumeWebhookMessages(batch: MessageBatch<unknown>, env: Env, db: Db) {
  const idOf = (message: Message<unknown>) => (message.body as Partial<WebhookMessage> | null)?.delivery;
  const retryLater = (message: Message<unknown>) =>
    message.retry({ delaySeconds: waitSeconds(env, message.attempts) ?? 60 });
  const ids = batch.messages.map(idOf).filter((id): id is string => typeof id === "string");
  let found: Map<string, DeliveryToSend>;
  try {
    found = new Map((await deliveriesToSend(db, ids)).map((row) => [row.delivery.id, row]));
  } catch (error) {
    console.error(`[webhooks] a batch's deliveries could not be read: ${describeError(error)}`);
    for (const message of batch.messages) retryLater(message);
    return;
  }
  // The batch's deliveries go out side by side: each is its own endpoint's request and its own row.
  await Promise.all(
    batch.messages.map(async (message) => {
      const id = idOf(message);
      if (typeof id !== "string") {
        console.error(`[webhooks] message ${message.id} is not a delivery; dropped`);
        message.ack();
        return;
      }
      const delivery = found.get(id);
      if (!delivery) return message.ack(); // deleted since (its endpoint or account went)
      try {
        const wait = await deliver(env, db, delivery, message.attempts);
        if (wait === null) message.ack();
        else message.retry({ delaySeconds: wait });
      } catch (error) {
        console.error(`[webhooks] delivery ${id} failed to run: ${describeError(error)}`);
        retryLater(message);
      }
    }),
  );
}
