import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * An account's API keys (docs/public-api.md). The secret itself is never stored: only its SHA-256 (the secret
 * is 256 random bits, so a plain hash is enough) and the first characters, for the list to tell keys apart.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    /** The account (the owner's row). */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** `read` or `read_write`. */
    scope: text("scope").notNull(),
    /** JSON array of location ids the key is limited to; null: every location of the account. */
    locationIds: text("location_ids"),
    /** `ck_live_` and the secret's first four characters. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdById: text("created_by_id").notNull(),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute (docs/public-api.md, "Keys"). */
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash),
    index("api_keys_user_idx").on(t.userId),
  ],
);
