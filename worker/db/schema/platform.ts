import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

// The platform's own records: the assistant's questions, the super admin's sessions and audit, and
// purged accounts.

/** Every question asked of the managers' assistant, for the super admin's analytics. */
export const aiQueries = sqliteTable(
  "ai_queries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ai_queries_created_idx").on(t.createdAt), index("ai_queries_user_idx").on(t.userId)],
);

/** Super admin sessions: a table of their own, so a manager token can never open the console (or back). */
export const superAdminSessions = sqliteTable(
  "super_admin_sessions",
  {
    /** SHA-256 of the bearer token, as for manager sessions. */
    tokenHash: text("token_hash").primaryKey(),
    username: text("username").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("super_admin_sessions_expires_idx").on(t.expiresAt)],
);

/** What the super admin changed on an account (VIP on or off), before → after. */
export const superAdminAudit = sqliteTable(
  "super_admin_audit",
  {
    id: text("id").primaryKey(),
    adminUsername: text("admin_username").notNull(),
    targetUserId: text("target_user_id").notNull(),
    action: text("action").notNull(),
    beforeJson: text("before_json"),
    afterJson: text("after_json"),
    createdAt: createdAt(),
  },
  (t) => [index("super_admin_audit_target_idx").on(t.targetUserId, t.createdAt)],
);

/**
 * One line per account the daily job deleted: when it was closed and purged and how much went. No personal
 * data (no id, name, e-mail or location name), so it can be kept as evidence that the promise was kept.
 */
export const accountPurges = sqliteTable("account_purges", {
  id: text("id").primaryKey(),
  closedAt: integer("closed_at").notNull(),
  purgedAt: integer("purged_at").notNull(),
  locations: integer("locations").notNull(),
  rowsDeleted: integer("rows_deleted").notNull(),
  objectsDeleted: integer("objects_deleted").notNull(),
});
