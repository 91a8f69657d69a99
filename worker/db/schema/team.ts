import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { locations } from "./locations";

// Team members (docs/team.md): the locations a location manager is assigned to (other roles see every location
// of their account and have no rows here), and the invitations that make members.

export const memberLocations = sqliteTable(
  "member_locations",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.locationId] }),
    index("member_locations_location_idx").on(t.locationId),
  ],
);

/**
 * An invitation to join an account's team. Only the SHA-256 of the link's token is kept; an invitation is used
 * once (`accepted_at`), may be revoked, and expires 7 days after it was last sent.
 */
export const teamInvitations = sqliteTable(
  "team_invitations",
  {
    id: text("id").primaryKey(),
    /** The account (its owner's `users.id`). */
    accountId: text("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "location_manager", "payroll"] }).notNull(),
    /** JSON array of location ids for a location manager; null for the roles that see every location. */
    locationIds: text("location_ids"),
    mayApprovePay: integer("may_approve_pay", { mode: "boolean" }).notNull().default(false),
    tokenHash: text("token_hash").notNull(),
    /** Who sent it, by name at the time (the sender may later leave the team). */
    invitedById: text("invited_by_id"),
    invitedByName: text("invited_by_name").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("team_invitations_token_unique").on(t.tokenHash),
    index("team_invitations_account_idx").on(t.accountId),
    index("team_invitations_email_idx").on(t.email),
  ],
);
