import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../worker/db/schema";

// The drizzle schema is what the code queries; migrations/*.sql is what the database has.
// This proves they agree, column by column and index by index.
const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is SQLiteTable => typeof value === "object" && value !== null && "getSQL" in value,
);

type Column = { name: string; type: string; notnull: number; pk: number };

describe("drizzle schema and migrations", () => {
  it("finds the tables", () => {
    expect(tables.length).toBeGreaterThanOrEqual(6);
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    "agree on %s",
    async (name, table) => {
      const config = getTableConfig(table);
      const { results } = await env.DB.prepare(`PRAGMA table_info(${name})`).all<Column>();
      const actual = results.map((c) => ({
        name: c.name,
        type: c.type.toLowerCase(),
        notNull: c.notnull === 1,
      }));
      const expected = config.columns.map((c) => ({
        name: c.name,
        type: c.getSQLType().toLowerCase(),
        notNull: c.notNull || c.primary,
      }));
      expect(actual.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        expected.sort((a, b) => a.name.localeCompare(b.name)),
      );

      const indexes = await env.DB.prepare(`PRAGMA index_list(${name})`).all<{
        name: string;
        origin: string;
      }>();
      const declared = indexes.results.filter((i) => i.origin === "c").map((i) => i.name);
      expect(declared.sort()).toEqual(config.indexes.map((i) => i.config.name).sort());
    },
  );
});
