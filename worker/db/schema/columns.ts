import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

// Times are stored as epoch milliseconds (UTC); the location's time zone is applied when displaying.
export const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch() * 1000)`);
