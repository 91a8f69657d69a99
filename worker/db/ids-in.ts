import { sql } from "drizzle-orm";

/**
 * `column IN (…)` for any number of ids as ONE bound parameter (a JSON array read by json_each): D1 refuses a
 * statement with more than 100 bound parameters, which a list of a location's staff easily passes.
 */
export const idsIn = (ids: readonly string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
