import { and, desc, eq, gt, inArray, isNull, max } from "drizzle-orm";
import type { Db } from "./client";
import { locations, users, weeklyReports } from "./schema";

export type WeeklyReportRow = typeof weeklyReports.$inferSelect;
export type NewWeeklyReport = Omit<WeeklyReportRow, "createdAt"> & { createdAt: number };

/** A location's reports of the given kinds, newest first. */
export const listReports = (db: Db, locationId: string, kinds: readonly string[], limit = 100) =>
  db
    .select()
    .from(weeklyReports)
    .where(and(eq(weeklyReports.locationId, locationId), inArray(weeklyReports.kind, [...kinds])))
    .orderBy(desc(weeklyReports.createdAt), desc(weeklyReports.endDate), desc(weeklyReports.startDate))
    .limit(limit);

export const findReport = (db: Db, locationId: string, reportId: string) =>
  db.query.weeklyReports.findFirst({
    where: and(eq(weeklyReports.id, reportId), eq(weeklyReports.locationId, locationId)),
  });

export async function lastReportAt(db: Db, locationId: string): Promise<number | null> {
  const [row] = await db
    .select({ at: max(weeklyReports.createdAt) })
    .from(weeklyReports)
    .where(eq(weeklyReports.locationId, locationId));
  return row?.at ?? null;
}

/** Which of these periods the location already has a report for. */
export async function existingPeriods(db: Db, locationId: string, periods: string[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const rows = await db
    .select({ period: weeklyReports.period })
    .from(weeklyReports)
    .where(and(eq(weeklyReports.locationId, locationId), inArray(weeklyReports.period, periods)));
  return new Set(rows.map((row) => row.period));
}

/** Records a report unless the location has one for the period already; true when this call recorded it. */
export async function recordReport(db: Db, report: NewWeeklyReport): Promise<boolean> {
  const inserted = await db
    .insert(weeklyReports)
    .values(report)
    .onConflictDoNothing({ target: [weeklyReports.locationId, weeklyReports.period] })
    .returning({ id: weeklyReports.id });
  return inserted.length === 1;
}

const liveLocation = and(isNull(locations.deletedAt), isNull(users.closedAt));

/** A page of live locations' ids, in id order after `after`: how the Monday job fans out. */
export async function reportLocationIds(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .where(and(liveLocation, gt(locations.id, after)))
    .orderBy(locations.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A live location with its manager, for its Monday report; undefined once archived or closed. */
export const locationForReports = (db: Db, locationId: string) =>
  db
    .select({
      id: locations.id,
      name: locations.name,
      timezone: locations.timezone,
      createdAt: locations.createdAt,
      plan: users.plan,
    })
    .from(locations)
    .innerJoin(users, eq(users.id, locations.userId))
    .where(and(liveLocation, eq(locations.id, locationId)))
    .get();
