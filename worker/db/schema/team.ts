import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { locations } from "./locations";

// Team members (docs/team.md): the locations a location manager is assigned to. Other roles see every location
// of their account and have no rows here.

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
