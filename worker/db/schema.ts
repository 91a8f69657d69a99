import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Times are stored as epoch milliseconds (UTC); the location's time zone is applied when displaying.
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch() * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Lower-cased, single-spaced name: sign-in by full name looks accounts up by it. */
    nameKey: text("name_key").notNull(),
    email: text("email").notNull(),
    /** Short handle for POST /api/manager/login, made from the name at sign-up. */
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: integer("email_verified_at"),
    plan: text("plan").notNull().default("starter"),
    subscriptionStatus: text("subscription_status").notNull().default("active"),
    isVip: integer("is_vip", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    lastLoginAt: integer("last_login_at"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    index("users_name_key_idx").on(t.nameKey),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the bearer token: a leaked table cannot be replayed. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_user_purpose_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters for throttles (login, code resend); the key says what is counted. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** The offline e-mail adapter's mailbox; read in development through GET /api/dev/outbox. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toEmail, t.createdAt)],
);

export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timezone: text("timezone").notNull().default("Europe/London"),
    createdAt: createdAt(),
    /** Locations are archived, not erased: their attendance records are pay records. */
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("locations_user_idx").on(t.userId)],
);
