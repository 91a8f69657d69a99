import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const connect = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof connect>;

// One Drizzle instance per binding: building one works out the schema's relations, which costs more than a
// kiosk punch's whole route, and every /api request asks for one.
const instances = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = connect(d1);
    instances.set(d1, db);
  }
  return db;
}
