import { and, inArray, isNotNull, lte, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Statement } from "./batch";
import type { Db } from "./client";
import {
  employees,
  locations,
  staffPasskeyChallenges,
  staffPasskeys,
  staffSessions,
  staffSignInCodes,
} from "./schema";

// When staff lose the staff app at once (docs/staff-app.md, "Signing in"): statements for the batches that
// archive a location, close an account or purge it, so the change and the end are one transaction.

type Ids = string[] | SQLWrapper;

const staffOf = (db: Db, locationIds: Ids) =>
  db.select({ id: employees.id }).from(employees).where(inArray(employees.locationId, locationIds));

/** A location just archived (in the same batch, after the archiving): its staff's sessions end. */
export const endSessionsAtArchivedLocation = (db: Db, locationId: string): Statement =>
  db
    .delete(staffSessions)
    .where(
      and(
        inArray(staffSessions.employeeId, staffOf(db, [locationId])),
        sql`EXISTS (SELECT 1 FROM ${locations} WHERE ${locations.id} = ${locationId} AND ${isNotNull(locations.deletedAt)})`,
      ),
    );

/** An account closed: every staff session at its locations ends. */
export const endSessionsAtLocations = (db: Db, locationIds: Ids): Statement =>
  db.delete(staffSessions).where(inArray(staffSessions.employeeId, staffOf(db, locationIds)));

/**
 * Everything the staff app holds for these locations' staff: sessions, passkeys, challenges and live codes
 * (codes are keyed by address: any code for one of their addresses goes).
 */
export function staffAppRows(db: Db, locationIds: Ids): Statement[] {
  const staff = staffOf(db, locationIds);
  const of = (column: SQLiteColumn) => inArray(column, staff);
  const addresses = db
    .select({ email: employees.email })
    .from(employees)
    .where(and(inArray(employees.locationId, locationIds), isNotNull(employees.email)));
  return [
    db.delete(staffSessions).where(of(staffSessions.employeeId)),
    db.delete(staffPasskeys).where(of(staffPasskeys.employeeId)),
    db.delete(staffPasskeyChallenges).where(of(staffPasskeyChallenges.employeeId)),
    db.delete(staffSignInCodes).where(inArray(staffSignInCodes.email, addresses)),
  ];
}

/** Sign-in codes and passkey challenges nobody used in time. */
export const expiredStaffAppRows = (db: Db, now: number): Statement[] => [
  db.delete(staffSignInCodes).where(lte(staffSignInCodes.expiresAt, now)),
  db.delete(staffPasskeyChallenges).where(lte(staffPasskeyChallenges.expiresAt, now)),
  db.delete(staffSessions).where(lte(staffSessions.expiresAt, now)),
];
