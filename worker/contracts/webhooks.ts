import { z } from "zod";
import { idParam } from "./params";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-events";

// Settings → Integrations → Webhooks (docs/webhooks.md): what the dashboard sends and gets back.

const url = z
  .string({ error: "The address is required" })
  .trim()
  .min(1, "The address is required")
  .max(2000, "The address must be at most 2,000 characters");
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" }), { error: "Events must be a list" })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENT_TYPES.length, "Too many events");

export const createEndpointRequest = z.strictObject({ url, events });
export type CreateEndpointRequest = z.input<typeof createEndpointRequest>;

export const updateEndpointRequest = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one of url, events, enabled");
export type UpdateEndpointRequest = z.input<typeof updateEndpointRequest>;

export const endpointParams = z.object({ endpointId: idParam("Endpoint id") });
export const deliveryParams = endpointParams.extend({ deliveryId: idParam("Delivery id") });

export type WebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why Clocked disabled it (3 days of failures, the account closed); null when enabled or turned off by hand. */
  disabled_reason: string | null;
  failing_since: string | null;
  /** While a rotated secret still signs beside the new one. */
  previous_secret_until: string | null;
  created_at: string;
};

export type WebhookDelivery = {
  id: string;
  type: string;
  status: "pending" | "retrying" | "succeeded" | "failed";
  attempts: number;
  response_code: number | null;
  duration_ms: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookEndpointsResponse = { endpoints: WebhookEndpoint[] };
/** The signing secret, shown this once (creation and rotation). */
export type WebhookSecretResponse = { endpoint: WebhookEndpoint; secret: string };
export type WebhookDeliveriesResponse = { deliveries: WebhookDelivery[] };

export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
export const DELIVERY_NOT_FOUND = "Delivery not found";
export const ENDPOINT_LIMIT = "An account may have at most 20 webhook endpoints";
/** The type of the event "Send test event" sends (it is not one an endpoint subscribes to). */
export const TEST_EVENT_TYPE = "webhook.test";
