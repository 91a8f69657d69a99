import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

// Billing: Stripe events already applied, and the offline sandbox's checkouts.

/**
 * Stripe events already applied. The id is inserted in the same D1 batch as the event's effect, so a
 * repeated delivery either finds it or fails the whole batch: never applied twice. The sandbox's
 * completed checkouts are recorded here too (`sandbox:<checkout id>`), for the same reason.
 */
export const processedStripeEvents = sqliteTable("processed_stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull().default(sql`(unixepoch() * 1000)`),
});

/** The offline billing sandbox's hosted-checkout stand-in: one row per change-plan request. */
export const sandboxCheckouts = sqliteTable(
  "sandbox_checkouts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    trialDays: integer("trial_days").notNull(),
    status: text("status", { enum: ["open", "completed", "cancelled"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sandbox_checkouts_user_idx").on(t.userId)],
);
