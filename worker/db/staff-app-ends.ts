import { and, inArray, isNotNull, lte, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Statement } from "./batch";
import type { Db } from "./client";
import { idsIn } from "./ids-in";
import {
  employees,
  locations,
  pushSubscriptions,
  staffPasskeyChallenges,
  staffPasskeys,
  staffSessions,
  staffSignInCodes,
} from "./schema";

// When staff lose the staff app at once (docs/staff-app.md, "Signing in"): statements for the batches that
// archive or deactivate an employee, change their address, archive a location, close an account or purge it,
// so the change and the end are one transaction. Access ends with the sessions and the phones' push
// subscriptions together: a phone hears nothing more once its owner is signed out.

type Ids = string[] | SQLWrapper;

const staffOf = (db: Db, locationIds: Ids) =>
  db.select({ id: employees.id }).from(employees).where(inArray(employees.locationId, locationIds));

/** These employees' sessions and push subscriptions (archived, deactivated, address changed or removed). */
export const endStaffAccess = (db: Db, employeeIds: readonly string[]): Statement[] => [
  db.delete(staffSessions).where(sql`${staffSessions.employeeId} IN ${idsIn(employeeIds)}`),
  db.delete(pushSubscriptions).where(sql`${pushSubscriptions.employeeId} IN ${idsIn(employeeIds)}`),
];

/** A location just archived (in the same batch, after the archiving): its staff's access ends. */
export function endAccessAtArchivedLocation(db: Db, locationId: string): Statement[] {
  const archived = sql`EXISTS (SELECT 1 FROM ${locations} WHERE ${locations.id} = ${locationId} AND ${isNotNull(locations.deletedAt)})`;
  const staff = staffOf(db, [locationId]);
  return [
    db.delete(staffSessions).where(and(inArray(staffSessions.employeeId, staff), archived)),
    db.delete(pushSubscriptions).where(and(inArray(pushSubscriptions.employeeId, staff), archived)),
  ];
}

/** An account closed: the access of all staff at its locations ends. */
export const endAccessAtLocations = (db: Db, locationIds: Ids): Statement[] => [
  db.delete(staffSessions).where(inArray(staffSessions.employeeId, staffOf(db, locationIds))),
  db.delete(pushSubscriptions).where(inArray(pushSubscriptions.employeeId, staffOf(db, locationIds))),
];

/**
 * Everything the staff app holds for these locations' staff: sessions, push subscriptions, passkeys,
 * challenges and live codes (codes are keyed by address: any code for one of their addresses goes).
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
    db.delete(pushSubscriptions).where(of(pushSubscriptions.employeeId)),
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
