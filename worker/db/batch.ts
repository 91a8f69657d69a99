import { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

const dialect = new SQLiteAsyncDialect();

/** Anything one D1 batch can run: a drizzle query builder or raw SQL. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs the statements as one D1 batch: one transaction, in order, all or nothing. Used instead of
 * db.batch, which (drizzle 0.45) cannot carry raw SQL that has parameters.
 */
export function runBatch(db: Db, statements: readonly Statement[]): Promise<D1Result[]> {
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
