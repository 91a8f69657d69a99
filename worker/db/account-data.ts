import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AccountData } from "../domain/account-records";
import { accountTeam } from "./account-team";
import type { UserRow } from "./accounts";
import type { Statement } from "./batch";
import type { Db } from "./client";
import { parseCodes } from "./pay-rules";
import {
  accountPurges,
  aiQueries,
  apiKeys,
  attendanceSessions,
  auditLog,
  emailOutbox,
  employeeBreakOverrides,
  employeePay,
  employeeStatusHistory,
  employees,
  kioskDevices,
  kioskPairingCodes,
  leaveRequests,
  locationDailyCheckIns,
  locationSettings,
  locations,
  payRules,
  processedStripeEvents,
  rateLimits,
  rotaTemplates,
  sandboxCheckouts,
  sessions,
  shiftImports,
  superAdminAudit,
  superAdminSessions,
  unavailableTimes,
  users,
  verificationCodes,
  webhookDeliveries,
  webhookEndpoints,
  weeklyReports,
} from "./schema";
import { endAccessAtLocations, expiredStaffAppRows, staffAppRows } from "./staff-app-ends";

// Everything one account holds in D1: read for its export, deleted by the daily purge 30 days after the
// account was closed (tests/api/account-closure.test.ts checks that no table keeps anything of it).

const locationIdsOf = (db: Db, userId: string) =>
  db.select({ id: locations.id }).from(locations).where(eq(locations.userId, userId));
const employeeIdsOf = (db: Db, userId: string) =>
  db
    .select({ id: employees.id })
    .from(employees)
    .where(inArray(employees.locationId, locationIdsOf(db, userId)));

/** Every location of the account's, archived ones too. */
export async function accountLocationIds(db: Db, userId: string): Promise<string[]> {
  return (await locationIdsOf(db, userId)).map((location) => location.id);
}

/** What the locations' hubs hold, not D1 (services/location-hubs.ts allHubData). */
type HubHeld = "sessions" | "breaks" | "entries" | "statusPeriods" | "breakOverrides";

/**
 * Everything D1 holds: not the attendance, breaks, timesheet entries, status periods and own breaks, which live
 * in the locations' hubs (services/location-hubs.ts allHubData), nor the employees' statuses, which the hubs add.
 */
export async function accountData(
  db: Db,
  user: UserRow,
  now = Date.now(),
): Promise<Omit<AccountData, HubHeld>> {
  const ownLocations = inArray(locations.id, locationIdsOf(db, user.id));
  const ofLocations = (column: SQLiteColumn) => inArray(column, locationIdsOf(db, user.id));
  const [locationRows, settings, employeeRows, audit, devices, reports, questions, signIns, terms, rules] =
    await Promise.all([
      db.select().from(locations).where(ownLocations).orderBy(locations.createdAt),
      db.select().from(locationSettings).where(ofLocations(locationSettings.locationId)),
      db.select().from(employees).where(ofLocations(employees.locationId)).orderBy(employees.createdAt),
      db.select().from(auditLog).where(eq(auditLog.userId, user.id)).orderBy(auditLog.createdAt, sql`rowid`),
      db
        .select()
        .from(kioskDevices)
        .where(ofLocations(kioskDevices.locationId))
        .orderBy(kioskDevices.createdAt),
      db
        .select()
        .from(weeklyReports)
        .where(ofLocations(weeklyReports.locationId))
        .orderBy(weeklyReports.createdAt),
      db.select().from(aiQueries).where(eq(aiQueries.userId, user.id)).orderBy(aiQueries.createdAt),
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)))
        .orderBy(sessions.createdAt),
      db
        .select()
        .from(employeePay)
        .where(ofLocations(employeePay.locationId))
        .orderBy(employeePay.employeeId),
      db.select().from(payRules).where(ofLocations(payRules.locationId)).orderBy(payRules.locationId),
    ]);
  return {
    account: user,
    locations: locationRows,
    settings,
    employees: employeeRows,
    // A row from before teams has no actor: the account's owner made it.
    audit: audit.map((row) => ({
      ...row,
      actorId: row.actorId ?? user.id,
      actorName: row.actorName ?? user.name,
    })),
    team: await accountTeam(db, user.id, now),
    devices,
    reports,
    questions,
    signIns,
    payTerms: terms,
    payRules: rules.map((row) => ({ ...row, payCodes: parseCodes(row.payCodes) })),
  };
}

/** The account's integrations (docs/public-api.md, docs/webhooks.md): its API keys and webhook endpoints with their logs. */
const integrationRows = (db: Db, userId: string): Statement[] => [
  db
    .delete(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.endpointId,
        db
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.userId, userId)),
      ),
    ),
  db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)),
  db.delete(apiKeys).where(eq(apiKeys.userId, userId)),
];

/**
 * Deletes every row of the account, children before parents, as one batch (one transaction): a purge that
 * fails half-way leaves the account whole, to be tried again the next day.
 */
export function accountDeletion(db: Db, user: UserRow): Statement[] {
  const locationIds = locationIdsOf(db, user.id);
  const employeeIds = employeeIdsOf(db, user.id);
  return [
    // Rows from before hubs owned staff's breaks and statuses (the hubs' own are erased by LocationHub.forget).
    db.delete(employeeBreakOverrides).where(inArray(employeeBreakOverrides.employeeId, employeeIds)),
    db.delete(employeePay).where(inArray(employeePay.employeeId, employeeIds)),
    db.delete(unavailableTimes).where(inArray(unavailableTimes.employeeId, employeeIds)),
    db.delete(payRules).where(inArray(payRules.locationId, locationIds)),
    db.delete(employeeStatusHistory).where(inArray(employeeStatusHistory.employeeId, employeeIds)),
    // Rows from before hubs kept attendance (each hub's own storage is erased by LocationHub.forget).
    db.delete(attendanceSessions).where(inArray(attendanceSessions.locationId, locationIds)),
    db.delete(locationDailyCheckIns).where(inArray(locationDailyCheckIns.locationId, locationIds)),
    db.delete(auditLog).where(or(eq(auditLog.userId, user.id), inArray(auditLog.locationId, locationIds))),
    db.delete(kioskPairingCodes).where(inArray(kioskPairingCodes.locationId, locationIds)),
    db.delete(kioskDevices).where(inArray(kioskDevices.locationId, locationIds)),
    db.delete(weeklyReports).where(inArray(weeklyReports.locationId, locationIds)),
    db.delete(rotaTemplates).where(inArray(rotaTemplates.locationId, locationIds)),
    db.delete(shiftImports).where(inArray(shiftImports.locationId, locationIds)),
    db.delete(locationSettings).where(inArray(locationSettings.locationId, locationIds)),
    db.delete(leaveRequests).where(inArray(leaveRequests.locationId, locationIds)),
    ...staffAppRows(db, locationIds),
    db.delete(employees).where(inArray(employees.locationId, locationIds)),
    db.delete(locations).where(eq(locations.userId, user.id)),
    db.delete(aiQueries).where(eq(aiQueries.userId, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(verificationCodes).where(eq(verificationCodes.userId, user.id)),
    db.delete(sandboxCheckouts).where(eq(sandboxCheckouts.userId, user.id)),
    db.delete(superAdminAudit).where(eq(superAdminAudit.targetUserId, user.id)),
    db.delete(emailOutbox).where(eq(emailOutbox.toEmail, user.email)),
    ...integrationRows(db, user.id),
    db.delete(users).where(eq(users.id, user.id)),
  ];
}

const DAY_MS = 24 * 60 * 60_000;
/** How long the development outbox keeps a message. */
const OUTBOX_KEPT_MS = 7 * DAY_MS;
/** Stripe retries an event for up to 3 days: a month of ids still refuses every replay. */
const STRIPE_EVENTS_KEPT_MS = 30 * DAY_MS;

const WEBHOOK_LOG_KEPT_MS = 30 * DAY_MS;

/** What has expired for everyone: sessions, codes, spent rate-limit windows, old mail and webhook logs, checkouts. */
export function expiredRows(db: Db, now: number): Statement[] {
  return [
    db.delete(sessions).where(lte(sessions.expiresAt, now)),
    db.delete(superAdminSessions).where(lte(superAdminSessions.expiresAt, now)),
    db.delete(verificationCodes).where(lte(verificationCodes.expiresAt, now)),
    db.delete(kioskPairingCodes).where(lte(kioskPairingCodes.expiresAt, now)),
    db.delete(rateLimits).where(lte(rateLimits.resetAt, now)),
    db.delete(emailOutbox).where(lte(emailOutbox.createdAt, now - OUTBOX_KEPT_MS)),
    db.delete(sandboxCheckouts).where(lte(sandboxCheckouts.expiresAt, now)),
    db
      .delete(processedStripeEvents)
      .where(lte(processedStripeEvents.processedAt, now - STRIPE_EVENTS_KEPT_MS)),
    ...expiredStaffAppRows(db, now),
    // The webhook log keeps 30 days (docs/webhooks.md).
    db.delete(webhookDeliveries).where(lte(webhookDeliveries.createdAt, now - WEBHOOK_LOG_KEPT_MS)),
  ];
}

/** Accounts closed at or before `cutoff` and not under a legal hold that lasts beyond `now`, oldest first. */
export const closedAccountsBefore = (db: Db, cutoff: number, now: number, limit: number) =>
  db
    .select()
    .from(users)
    .where(
      and(
        sql`${users.closedAt} IS NOT NULL`,
        lte(users.closedAt, cutoff),
        or(isNull(users.legalHoldUntil), lte(users.legalHoldUntil, now)),
      ),
    )
    .orderBy(users.closedAt)
    .limit(limit);

/** Whether a closed account holds pay records (anyone who ever clocked in at one of its locations). */
export async function holdsPayRecords(db: Db, user: UserRow): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(inArray(employees.locationId, locationIdsOf(db, user.id)))
    .limit(1);
  return row !== undefined;
}

/**
 * A closed account's legal hold: what is not a pay record goes now (sign-ins, codes, the assistant's
 * questions, kiosk devices, mail, the staff app's sessions and passkeys), and the account is marked held
 * until `until`, when the daily job deletes the rest. Attendance (in the hubs), employees, their leave, pay terms, pay rules, reports and the audit
 * trail stay: UK law has employers keep them for 6 years.
 */
export function legalHold(db: Db, user: UserRow, until: number): Statement[] {
  const locationIds = locationIdsOf(db, user.id);
  return [
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(verificationCodes).where(eq(verificationCodes.userId, user.id)),
    db.delete(aiQueries).where(eq(aiQueries.userId, user.id)),
    db.delete(sandboxCheckouts).where(eq(sandboxCheckouts.userId, user.id)),
    db.delete(emailOutbox).where(eq(emailOutbox.toEmail, user.email)),
    db.delete(kioskPairingCodes).where(inArray(kioskPairingCodes.locationId, locationIds)),
    db.delete(kioskDevices).where(inArray(kioskDevices.locationId, locationIds)),
    ...staffAppRows(db, locationIds),
    ...integrationRows(db, user.id),
    db.update(users).set({ legalHoldUntil: until }).where(eq(users.id, user.id)),
  ];
}

/**
 * Closing an account, as one batch: the account marked closed, every session ended (staff's too), every code
 * voided and every kiosk device of `locationIds` (the account's) unpaired.
 */
export function closureStatements(db: Db, userId: string, locationIds: string[], now: number): Statement[] {
  return [
    db
      .update(users)
      .set({ closedAt: now })
      .where(and(eq(users.id, userId), isNull(users.closedAt))),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(verificationCodes).where(eq(verificationCodes.userId, userId)),
    db.delete(kioskPairingCodes).where(eq(kioskPairingCodes.userId, userId)),
    db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))),
    db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "The account was closed", updatedAt: now })
      .where(eq(webhookEndpoints.userId, userId)),
    ...endAccessAtLocations(db, locationIds),
    db
      .update(kioskDevices)
      .set({ revokedAt: now })
      .where(and(inArray(kioskDevices.locationId, locationIds), isNull(kioskDevices.revokedAt))),
  ];
}

export type PurgeRecord = typeof accountPurges.$inferInsert;

/** The purge's line in account_purges (no personal data), written in the same batch as the deletion. */
export const purgeRecordStatement = (db: Db, record: PurgeRecord): Statement =>
  db.insert(accountPurges).values(record);

/** Fills in the purge line's row count once the batch has told it. */
export async function setPurgeRowCount(db: Db, purgeId: string, rowsDeleted: number) {
  await db.update(accountPurges).set({ rowsDeleted }).where(eq(accountPurges.id, purgeId));
}
