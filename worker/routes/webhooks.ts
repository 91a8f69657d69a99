import { Hono } from "hono";
import {
  createEndpointRequest,
  DELIVERY_NOT_FOUND,
  deliveryParams,
  ENDPOINT_LIMIT,
  ENDPOINT_NOT_FOUND,
  endpointParams,
  TEST_EVENT_TYPE,
  updateEndpointRequest,
  type WebhookDeliveriesResponse,
  type WebhookEndpoint,
  type WebhookEndpointsResponse,
  type WebhookSecretResponse,
} from "../contracts/webhooks";
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  recentDeliveries,
  updateEndpoint,
} from "../db/webhooks";
import { outboundUrlProblem } from "../domain/outbound-url";
import { newWebhookSecret } from "../domain/webhook-signature";
import { isDevelopment } from "../lib/config";
import { newId } from "../lib/crypto";
import { badRequest, forbidden, notFound } from "../lib/errors";
import { jsonBody, noBody, params } from "../lib/validate";
import {
  deliveryView,
  endpointView,
  queueDeliveries,
  resendDelivery,
  sealWebhookSecret,
  tellHubsOfPunchWebhooks,
} from "../services/webhooks";
import type { AppEnv } from "../types";

// Settings → Integrations → Webhooks (docs/webhooks.md): the account's endpoints, their secrets (shown once, at
// creation and rotation), the log of what was sent, resending, and a test event.

/** After a rotation the old secret keeps signing beside the new one this long. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

type Vars = AppEnv["Variables"];

/** The account's endpoint named in the path, or 404. */
async function endpointOf(c: { var: Vars; req: { param: (name: "endpointId") => string | undefined } }) {
  const endpoint = await findEndpoint(c.var.db, c.var.user.id, c.req.param("endpointId") ?? "");
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  return endpoint;
}

/** Refuses an address a production Worker may not call (domain/outbound-url.ts). */
function checkedUrl(env: Env, url: string) {
  const problem = outboundUrlProblem(url, !isDevelopment(env));
  if (problem) throw badRequest(problem);
  return url;
}

export const webhookRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const endpoints = await listEndpoints(c.var.db, c.var.user.id);
    return c.json<WebhookEndpointsResponse>({ endpoints: endpoints.map((row) => endpointView(row)) });
  })

  .post("/", jsonBody(createEndpointRequest), async (c) => {
    const body = c.req.valid("json");
    const secret = newWebhookSecret();
    const now = Date.now();
    const id = newId();
    const inserted = await insertEndpoint(c.var.db, {
      id,
      userId: c.var.user.id,
      url: checkedUrl(c.env, body.url),
      events: JSON.stringify([...new Set(body.events)]),
      secretBox: await sealWebhookSecret(c.env, c.var.user.id, secret),
      updatedAt: now,
    });
    if (!inserted) throw forbidden(ENDPOINT_LIMIT);
    const endpoint = await findEndpoint(c.var.db, c.var.user.id, id);
    if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
    await tellHubsOfPunchWebhooks(c.env, c.var.db, c.var.user.id, endpoint);
    return c.json<WebhookSecretResponse>({ endpoint: endpointView(endpoint), secret }, 201);
  })

  .put("/:endpointId", params(endpointParams), jsonBody(updateEndpointRequest), async (c) => {
    const endpoint = await endpointOf(c);
    const body = c.req.valid("json");
    await updateEndpoint(c.var.db, c.var.user.id, endpoint.id, {
      ...(body.url === undefined ? {} : { url: checkedUrl(c.env, body.url) }),
      ...(body.events === undefined ? {} : { events: JSON.stringify([...new Set(body.events)]) }),
      // Turned on again: its failures so far no longer count towards disabling it.
      ...(body.enabled === undefined
        ? {}
        : { enabled: body.enabled, disabledReason: null, ...(body.enabled ? { failingSince: null } : {}) }),
      updatedAt: Date.now(),
    });
    const updated = await endpointOf(c);
    await tellHubsOfPunchWebhooks(c.env, c.var.db, c.var.user.id, endpoint, updated);
    return c.json<{ endpoint: WebhookEndpoint }>({ endpoint: endpointView(updated) });
  })

  .delete("/:endpointId", params(endpointParams), noBody, async (c) => {
    const endpoint = await endpointOf(c);
    await deleteEndpoint(c.var.db, c.var.user.id, endpoint.id);
    await tellHubsOfPunchWebhooks(c.env, c.var.db, c.var.user.id, endpoint);
    return c.json({ success: true as const });
  })

  /** A new secret; the old one signs beside it for 24 hours, while the receiver changes over. */
  .post("/:endpointId/rotate-secret", params(endpointParams), noBody, async (c) => {
    const endpoint = await endpointOf(c);
    const secret = newWebhookSecret();
    const now = Date.now();
    await updateEndpoint(c.var.db, c.var.user.id, endpoint.id, {
      secretBox: await sealWebhookSecret(c.env, c.var.user.id, secret),
      previousSecretBox: endpoint.secretBox,
      previousUntil: now + ROTATION_OVERLAP_MS,
      updatedAt: now,
    });
    return c.json<WebhookSecretResponse>({ endpoint: endpointView(await endpointOf(c)), secret });
  })

  .get("/:endpointId/deliveries", params(endpointParams), async (c) => {
    const endpoint = await endpointOf(c);
    const rows = await recentDeliveries(c.var.db, endpoint.id, Date.now());
    return c.json<WebhookDeliveriesResponse>({ deliveries: rows.map(deliveryView) });
  })

  .post("/:endpointId/deliveries/:deliveryId/resend", params(deliveryParams), noBody, async (c) => {
    const endpoint = await endpointOf(c);
    const { deliveryId } = c.req.valid("param");
    const rows = await recentDeliveries(c.var.db, endpoint.id, Date.now());
    if (!rows.some((row) => row.id === deliveryId)) throw notFound(DELIVERY_NOT_FOUND);
    await resendDelivery(c.env, c.var.db, deliveryId);
    return c.json({ success: true as const }, 202);
  })

  /** "Send test event": a `webhook.test` delivery to this endpoint only, whatever events it wants. */
  .post("/:endpointId/test", params(endpointParams), noBody, async (c) => {
    const endpoint = await endpointOf(c);
    const [delivery] = await queueDeliveries(
      c.env,
      c.var.db,
      [endpoint.id],
      [
        {
          type: TEST_EVENT_TYPE,
          data: {
            endpoint_id: endpoint.id,
            message: "A test event from Clocked: your endpoint is reachable.",
          },
        },
      ],
    );
    return c.json({ delivery: delivery ? deliveryView(delivery) : null }, 202);
  });
