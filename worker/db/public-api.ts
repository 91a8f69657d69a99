import { and, asc, eq, gt, gte, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import { employees, leaveRequests, locations } from "./schema";

// The public API's reads of D1 (docs/public-api.md): one page at a time in id order (a page and one more row,
// for pageOf to know whether another follows), within the locations the key may see.

export type PageAsk = {
  after: string | null;
  limit: number;
  updatedSince?: number;
  /** The one location the call names, if any. */
  locationId?: string;
};

/** The key's locations: the account's live ones, only those listed when the key is limited to some. */
const seen = (
  column: SQLWrapper,
  userId: string,
  locationIds: readonly string[] | null,
  one?: string,
): SQL | undefined =>
  and(
    sql`${column} IN (SELECT id FROM locations WHERE user_id = ${userId} AND deleted_at IS NULL)`,
    locationIds === null ? undefined : sql`${column} IN ${idsIn(locationIds)}`,
    one === undefined ? undefined : sql`${column} = ${one}`,
  );

export const locationsPage = (db: Db, userId: string, locationIds: readonly string[] | null, ask: PageAsk) =>
  db
    .select()
    .from(locations)
    .where(
      and(
        seen(locations.id, userId, locationIds),
        ask.after === null ? undefined : gt(locations.id, ask.after),
      ),
    )
    .orderBy(asc(locations.id))
    .limit(ask.limit + 1);

/** Employees, archived ones too (a sync learns they left); never a PIN hash (the caller maps the row). */
export const employeesPage = (db: Db, userId: string, locationIds: readonly string[] | null, ask: PageAsk) =>
  db
    .select()
    .from(employees)
    .where(
      and(
        seen(employees.locationId, userId, locationIds, ask.locationId),
        ask.after === null ? undefined : gt(employees.id, ask.after),
        ask.updatedSince === undefined ? undefined : gte(employees.updatedAt, ask.updatedSince),
      ),
    )
    .orderBy(asc(employees.id))
    .limit(ask.limit + 1);

/** When a leave request last changed: asked, decided or cancelled. */
export const leaveUpdatedAt = sql<number>`max(${leaveRequests.createdAt}, coalesce(${leaveRequests.decidedAt}, 0), coalesce(${leaveRequests.cancelledAt}, 0))`;

export const leavePage = (db: Db, userId: string, locationIds: readonly string[] | null, ask: PageAsk) =>
  db
    .select({ request: leaveRequests, updatedAt: leaveUpdatedAt })
    .from(leaveRequests)
    .where(
      and(
        seen(leaveRequests.locationId, userId, locationIds, ask.locationId),
        ask.after === null ? undefined : gt(leaveRequests.id, ask.after),
        ask.updatedSince === undefined ? undefined : sql`${leaveUpdatedAt} >= ${ask.updatedSince}`,
      ),
    )
    .orderBy(asc(leaveRequests.id))
    .limit(ask.limit + 1);

/** One employee of the account, archived or not, at a location the key may see. */
export const employeeForKey = (db: Db, userId: string, locationIds: readonly string[] | null, id: string) =>
  db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), seen(employees.locationId, userId, locationIds)))
    .get();

export const liveEmployee = (id: string) => and(eq(employees.id, id), isNull(employees.deletedAt));
