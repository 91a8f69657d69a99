import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

/** An account's webhook endpoints (docs/webhooks.md): where events go, and which. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    /** The account (the owner's row). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    url: text("url").notNull(),
    /** JSON array of the event types it wants. */
    events: text("events").notNull(),
    /** The signing secret, sealed (worker/lib/sealed.ts): it must be used again to sign. */
    secretBox: text("secret_box").notNull(),
    /** After a rotation, the old secret signs too until `previous_until`. */
    previousSecretBox: text("previous_secret_box"),
    previousUntil: integer("previous_until"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Why it was disabled, when Clocked did it. */
    disabledReason: text("disabled_reason"),
    /** The first failure since the last success; null while deliveries succeed. */
    failingSince: integer("failing_since"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/** Each event sent to an endpoint, and how its delivery went; kept 30 days (docs/webhooks.md, "The log"). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    /** The `webhook-id` header: the same on every attempt and resend, for receivers to deduplicate. */
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The JSON body exactly as signed and sent. */
    payload: text("payload").notNull(),
    /** pending, retrying, succeeded or failed. */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    responseCode: integer("response_code"),
    durationMs: integer("duration_ms"),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);
