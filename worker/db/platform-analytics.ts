import { and, count, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { SuperAdminAnalytics } from "../contracts/super-admin";
import { planOf } from "../domain/plans";
import { DAY_MS } from "../domain/time-zone";
import type { Db } from "./client";
import { aiQueries, employees, locationDailyCheckIns, locations, users } from "./schema";

// Platform-wide figures for the super admin (docs/ai-and-super-admin.md): aggregate queries only, never every row.
// Users are accounts with a verified e-mail address that are not closed: sign-ups that never verified are not
// customers yet, and a closed account (waiting for its purge) is one no longer.

export const ACTIVE_USER_DAYS = 30;
export const RECENT_USER_DAYS = 7;
export const RECENT_EVENT_DAYS = 7;
export const ACTIVE_LOCATION_DAYS = 30;
export const ACTIVE_LOCATIONS_SHOWN = 5;
export const RECENT_QUERIES_SHOWN = 8;

/** Accounts, not sign-ins: a team member (account_id set) is part of their owner's account (docs/team.md). */
const verified = and(isNotNull(users.emailVerifiedAt), isNull(users.closedAt), isNull(users.accountId));
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`sum(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** The UTC day (YYYY-MM-DD) of an instant: the roll-ups count check-ins per location and UTC day. */
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

const checkInTotal = sql<number>`sum(${locationDailyCheckIns.checkIns})`;

/** Locations by check-ins since `since` (whole UTC days), from the daily roll-ups the hubs report. */
export const busiestLocationsQuery = (db: Db, since: number, limit: number) =>
  db
    .select({ name: locations.name, event_count: sql<number>`cast(${checkInTotal} AS integer)` })
    .from(locationDailyCheckIns)
    .innerJoin(locations, eq(locations.id, locationDailyCheckIns.locationId))
    .where(and(gte(locationDailyCheckIns.day, dayOf(since)), isNull(locations.deletedAt)))
    .groupBy(locations.id)
    .orderBy(desc(checkInTotal), locations.name)
    .limit(limit);

export async function platformAnalytics(db: Db, now = Date.now()): Promise<SuperAdminAnalytics> {
  const daysAgo = (days: number) => now - days * DAY_MS;
  const [[people], [counts], plans, busiest, recent] = await db.batch([
    db
      .select({
        total: count(),
        active: countWhere(sql`${users.lastLoginAt} >= ${daysAgo(ACTIVE_USER_DAYS)}`),
        recent: countWhere(sql`${users.createdAt} >= ${daysAgo(RECENT_USER_DAYS)}`),
      })
      .from(users)
      .where(verified),
    db
      .select({
        locations: sql<number>`(SELECT count(*) FROM ${locations} WHERE ${locations.deletedAt} IS NULL)`,
        employees: sql<number>`(SELECT count(*) FROM ${employees} WHERE ${employees.deletedAt} IS NULL)`,
        events: sql<number>`(SELECT coalesce(sum(${locationDailyCheckIns.checkIns}), 0) FROM ${locationDailyCheckIns} WHERE ${locationDailyCheckIns.day} >= ${dayOf(daysAgo(RECENT_EVENT_DAYS))})`,
        queries: sql<number>`(SELECT count(*) FROM ${aiQueries})`,
      })
      .from(sql`(SELECT 1)`),
    db.select({ plan: users.plan, n: count() }).from(users).where(verified).groupBy(users.plan),
    busiestLocationsQuery(db, daysAgo(ACTIVE_LOCATION_DAYS), ACTIVE_LOCATIONS_SHOWN),
    db
      .select({ query: aiQueries.query, createdAt: aiQueries.createdAt })
      .from(aiQueries)
      .orderBy(desc(aiQueries.createdAt), desc(sql`${aiQueries}.rowid`))
      .limit(RECENT_QUERIES_SHOWN),
  ]);
  const distribution = { starter: 0, pro: 0, business: 0 };
  for (const row of plans) distribution[planOf(row.plan).id] += row.n;
  return {
    overview: {
      total_users: people?.total ?? 0,
      active_users: Number(people?.active ?? 0),
      recent_users: Number(people?.recent ?? 0),
      total_locations: counts?.locations ?? 0,
      total_employees: counts?.employees ?? 0,
      recent_events: counts?.events ?? 0,
      ai_queries_total: counts?.queries ?? 0,
    },
    plan_distribution: distribution,
    active_locations: busiest,
    recent_ai_queries: recent.map((row) => ({
      query: row.query,
      timestamp: new Date(row.createdAt).toISOString(),
    })),
  };
}

/** Sign-ups (verified accounts created) in the last 7, 30 and 90 days, and in total. */
export async function userGrowth(db: Db, now = Date.now()) {
  const since = (days: number) => countWhere(sql`${users.createdAt} >= ${now - days * DAY_MS}`);
  const [row] = await db
    .select({ total: count(), last_7_days: since(7), last_30_days: since(30), last_90_days: since(90) })
    .from(users)
    .where(verified);
  return {
    total_users: row?.total ?? 0,
    new_last_7_days: Number(row?.last_7_days ?? 0),
    new_last_30_days: Number(row?.last_30_days ?? 0),
    new_last_90_days: Number(row?.last_90_days ?? 0),
  };
}

/**
 * How much managers use their assistant: counts only (in total, over the last 7 and 30 days, by the asking
 * account's plan) and how many accounts asked. Never the questions: managers write them, they may name
 * employees and their health, and this feeds the platform analyst's model.
 */
export async function aiUsage(db: Db, now = Date.now()) {
  // Named columns: in a batch, D1 keys each row by column name, and two sums that differ only in a
  // parameter would share one.
  const since = (days: number) =>
    countWhere(sql`${aiQueries.createdAt} >= ${now - days * DAY_MS}`).as(`last_${days}_days`);
  const [[totals], plans] = await db.batch([
    db
      .select({
        total: count(),
        last_7_days: since(7),
        last_30_days: since(30),
        askers: sql<number>`count(DISTINCT ${aiQueries.userId})`,
      })
      .from(aiQueries),
    db
      .select({ plan: users.plan, n: count() })
      .from(aiQueries)
      .innerJoin(users, eq(users.id, aiQueries.userId))
      .groupBy(users.plan),
  ]);
  const byPlan = { starter: 0, pro: 0, business: 0 };
  for (const row of plans) byPlan[planOf(row.plan).id] += row.n;
  return {
    total_queries: totals?.total ?? 0,
    queries_last_7_days: Number(totals?.last_7_days ?? 0),
    queries_last_30_days: Number(totals?.last_30_days ?? 0),
    managers_who_asked: totals?.askers ?? 0,
    queries_by_plan: byPlan,
  };
}
