import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { employees } from "./staff";

// Web Push (docs/staff-app.md, "Notifications"): each phone where a staff member turned notifications on.

/**
 * One browser's push subscription: the push service's endpoint and the keys its payloads are encrypted to
 * (RFC 8291). A 404 or 410 from the push service deletes it; so does deleting the employee.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text("p256dh").notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** When the push service last accepted a message for it; null: never yet. */
    lastSuccessAt: integer("last_success_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_employee_idx").on(t.employeeId),
  ],
);
