import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { locations } from "./locations";

// Paired kiosk browsers and the codes that pair them.

/** Browsers a manager paired as kiosks (variant B); revoking the row invalidates the device's token. */
export const kioskDevices = sqliteTable(
  "kiosk_devices",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("kiosk_devices_location_idx").on(t.locationId)],
);

/**
 * One-time codes a manager makes to pair a tablet without signing in on it (docs/kiosk.md): 8 characters,
 * kept only as an HMAC keyed with APP_SECRET, valid 10 minutes, spent by the one statement that pairs.
 */
export const kioskPairingCodes = sqliteTable(
  "kiosk_pairing_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id),
    /** The account it was made for. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The member who made it (the account's owner or one of its team; no foreign key: members may go). */
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    index("kiosk_pairing_codes_location_idx").on(t.locationId),
    index("kiosk_pairing_codes_expires_idx").on(t.expiresAt),
  ],
);
