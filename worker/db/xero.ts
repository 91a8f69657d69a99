import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { runBatch } from "./batch";
import type { Db } from "./client";
import {
  employeePay,
  employees,
  locations,
  xeroAuthRequests,
  xeroConnections,
  xeroEarningsRates,
  xeroEmployeeLinks,
  xeroSends,
} from "./schema";

// Xero Payroll UK's rows (docs/xero.md). Everything is keyed by the account (the owner's user id), so no
// query here can reach another account's connection, mappings or sends.

export type XeroConnectionRow = typeof xeroConnections.$inferSelect;
export type XeroSendRow = typeof xeroSends.$inferSelect;
export type SealedTokens = Pick<
  XeroConnectionRow,
  "refreshTokenSealed" | "refreshTokenHash" | "accessTokenSealed" | "accessExpiresAt"
>;

export const saveAuthRequest = (db: Db, row: typeof xeroAuthRequests.$inferInsert) =>
  db.insert(xeroAuthRequests).values(row);

/** The request a `state` names, taken once: a second callback with the same state finds nothing. */
export async function takeAuthRequest(db: Db, stateHash: string, now = Date.now()) {
  const [row] = await db
    .delete(xeroAuthRequests)
    .where(and(eq(xeroAuthRequests.stateHash, stateHash), gt(xeroAuthRequests.expiresAt, now)))
    .returning();
  return row ?? null;
}

export const connectionOf = async (db: Db, userId: string) =>
  (await db.query.xeroConnections.findFirst({ where: eq(xeroConnections.userId, userId) })) ?? null;

/** A new connection replaces the account's old one, and the mappings made for the old organisation. */
export async function saveConnection(db: Db, row: typeof xeroConnections.$inferInsert) {
  await runBatch(db, [
    ...forgetMappings(db, row.userId),
    db.insert(xeroConnections).values(row).onConflictDoUpdate({ target: xeroConnections.userId, set: row }),
  ]);
}

/**
 * Stores a refreshed token set only where the refresh token it replaced is still the stored one: of two
 * refreshes at once exactly one is kept, and the other caller reads the winner's tokens again.
 */
export async function storeRefreshed(db: Db, userId: string, replacedHash: string, next: SealedTokens) {
  const rows = await db
    .update(xeroConnections)
    .set(next)
    .where(and(eq(xeroConnections.userId, userId), eq(xeroConnections.refreshTokenHash, replacedHash)))
    .returning({ userId: xeroConnections.userId });
  return rows.length === 1;
}

export const chooseTenant = (db: Db, userId: string, tenant: { id: string; name: string }) =>
  db
    .update(xeroConnections)
    .set({ tenantId: tenant.id, tenantName: tenant.name })
    .where(eq(xeroConnections.userId, userId));

const forgetMappings = (db: Db, userId: string) => [
  db.delete(xeroEmployeeLinks).where(eq(xeroEmployeeLinks.userId, userId)),
  db.delete(xeroEarningsRates).where(eq(xeroEarningsRates.userId, userId)),
  db.delete(xeroSends).where(eq(xeroSends.userId, userId)),
];

export const deleteConnection = (db: Db, userId: string) =>
  runBatch(db, [
    ...forgetMappings(db, userId),
    db.delete(xeroConnections).where(eq(xeroConnections.userId, userId)),
  ]);

/** The account's current employees with what suggests their Xero match: payroll ID, name, date of birth. */
export const accountEmployees = (db: Db, userId: string) =>
  db
    .select({
      id: employees.id,
      locationId: employees.locationId,
      firstName: employees.firstName,
      lastName: employees.lastName,
      payrollId: employeePay.payrollId,
      dateOfBirth: employeePay.dateOfBirth,
      xeroEmployeeId: xeroEmployeeLinks.xeroEmployeeId,
    })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .leftJoin(employeePay, eq(employeePay.employeeId, employees.id))
    .leftJoin(xeroEmployeeLinks, eq(xeroEmployeeLinks.employeeId, employees.id))
    .where(and(eq(locations.userId, userId), isNull(locations.deletedAt), isNull(employees.deletedAt)))
    .orderBy(asc(employees.firstName), asc(employees.lastName));

/** Confirms (or, with null, removes) the links; employees not the account's are left out by the caller. */
export async function setEmployeeLinks(
  db: Db,
  userId: string,
  links: readonly { employeeId: string; xeroEmployeeId: string | null }[],
  now = Date.now(),
) {
  if (links.length === 0) return;
  await runBatch(
    db,
    links.map(({ employeeId, xeroEmployeeId }) =>
      xeroEmployeeId === null
        ? db
            .delete(xeroEmployeeLinks)
            .where(and(eq(xeroEmployeeLinks.employeeId, employeeId), eq(xeroEmployeeLinks.userId, userId)))
        : db
            .insert(xeroEmployeeLinks)
            .values({ employeeId, userId, xeroEmployeeId, updatedAt: now })
            .onConflictDoUpdate({
              target: xeroEmployeeLinks.employeeId,
              set: { xeroEmployeeId, updatedAt: now },
            }),
    ),
  );
}

export const earningsRatesOf = async (db: Db, userId: string) =>
  new Map(
    (await db.select().from(xeroEarningsRates).where(eq(xeroEarningsRates.userId, userId))).map((r) => [
      r.payElement,
      r.earningsRateId,
    ]),
  );

export async function setEarningsRates(
  db: Db,
  userId: string,
  rates: Readonly<Record<string, string | null>>,
) {
  await runBatch(
    db,
    Object.entries(rates).map(([payElement, earningsRateId]) =>
      earningsRateId === null
        ? db
            .delete(xeroEarningsRates)
            .where(and(eq(xeroEarningsRates.userId, userId), eq(xeroEarningsRates.payElement, payElement)))
        : db
            .insert(xeroEarningsRates)
            .values({ userId, payElement, earningsRateId })
            .onConflictDoUpdate({
              target: [xeroEarningsRates.userId, xeroEarningsRates.payElement],
              set: { earningsRateId },
            }),
    ),
  );
}

export type SendPlan = Pick<XeroSendRow, "employeeId" | "status" | "lines" | "error">;

/**
 * Records what is about to be sent for a period; a period sent before keeps its Xero timesheet ids, so the
 * resend replaces those timesheets' lines. Answers the rows' ids, employee by employee.
 */
export async function planSends(
  db: Db,
  at: { userId: string; locationId: string; periodKey: string },
  plans: readonly SendPlan[],
  newId: () => string,
  now = Date.now(),
) {
  if (plans.length === 0) return [];
  const rows = await runBatch(
    db,
    plans.map((plan) =>
      db
        .insert(xeroSends)
        .values({ id: newId(), ...at, ...plan, updatedAt: now })
        .onConflictDoUpdate({
          target: [xeroSends.locationId, xeroSends.periodKey, xeroSends.employeeId],
          set: { status: plan.status, lines: plan.lines, error: plan.error, updatedAt: now },
        })
        .returning({ id: xeroSends.id, employeeId: xeroSends.employeeId, status: xeroSends.status }),
    ),
  );
  return rows.flatMap((r) => r.results as { id: string; employeeId: string; status: string }[]);
}

export const sendById = async (db: Db, id: string) =>
  (await db.query.xeroSends.findFirst({ where: eq(xeroSends.id, id) })) ?? null;

export const finishSend = (
  db: Db,
  id: string,
  outcome: { status: "sent" | "failed"; xeroTimesheetId?: string | null; error: string | null },
  now = Date.now(),
) =>
  db
    .update(xeroSends)
    .set({ ...outcome, updatedAt: now })
    .where(eq(xeroSends.id, id));

/** The location's sends, newest period first, with the employee's name. */
export const sendsAt = (db: Db, userId: string, locationId: string) =>
  db
    .select({
      periodKey: xeroSends.periodKey,
      employeeId: xeroSends.employeeId,
      firstName: employees.firstName,
      lastName: employees.lastName,
      status: xeroSends.status,
      xeroTimesheetId: xeroSends.xeroTimesheetId,
      error: xeroSends.error,
      updatedAt: xeroSends.updatedAt,
    })
    .from(xeroSends)
    .innerJoin(employees, eq(employees.id, xeroSends.employeeId))
    .where(and(eq(xeroSends.userId, userId), eq(xeroSends.locationId, locationId)))
    .orderBy(sql`${xeroSends.periodKey} DESC`, asc(employees.firstName))
    .limit(200);

/** How many of a period's timesheets are in Xero: an unlock warns they must be redone there. */
export async function sentTimesheets(db: Db, locationId: string, periodKey: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(xeroSends)
    .where(
      and(
        eq(xeroSends.locationId, locationId),
        eq(xeroSends.periodKey, periodKey),
        eq(xeroSends.status, "sent"),
      ),
    );
  return row?.n ?? 0;
}
