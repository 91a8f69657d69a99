import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AdminUser } from "../contracts/super-admin";
import { planOf } from "../domain/plans";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { superAdminAudit, users } from "./schema";

// Accounts as the super admin sees them: finding one, and switching VIP on or off (audited).

export const USER_SEARCH_LIMIT = 20;

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  plan: users.plan,
  isVip: users.isVip,
  createdAt: users.createdAt,
  // The account's team, counted beside it (the users_account_idx index finds them).
  memberCount: sql<number>`(SELECT count(*) FROM users AS team WHERE team.account_id = users.id)`,
};
type Row = {
  id: string;
  name: string;
  email: string;
  plan: string;
  isVip: boolean;
  createdAt: number;
  memberCount: number;
};

const toAdminUser = (row: Row): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  plan: planOf(row.plan).id,
  is_vip: row.isVip,
  created_at: new Date(row.createdAt).toISOString(),
  member_count: Number(row.memberCount),
});

/** Newest first; a search matches part of a name or e-mail, or a whole id (LIKE wildcards are literal). */
export async function searchUsers(db: Db, search = ""): Promise<AdminUser[]> {
  const needle = search.trim().toLowerCase();
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const escaped = (column: SQLiteColumn) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
  const rows = await db
    .select(columns)
    .from(users)
    // Accounts only: a team member is listed under their owner's account (docs/team.md).
    .where(
      and(
        isNull(users.accountId),
        needle ? or(escaped(users.name), escaped(users.email), eq(users.id, search.trim())) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(USER_SEARCH_LIMIT);
  return rows.map(toAdminUser);
}

/** Sets VIP and writes the audit row in the same batch; null for an unknown account. */
export async function setVip(
  db: Db,
  adminUsername: string,
  userId: string,
  isVip: boolean,
  now = Date.now(),
): Promise<AdminUser | null> {
  const before = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.accountId)))
    .get();
  if (!before) return null;
  await db.batch([
    db.update(users).set({ isVip }).where(eq(users.id, userId)),
    db.insert(superAdminAudit).values({
      id: newId(),
      adminUsername,
      targetUserId: userId,
      action: isVip ? "vip_on" : "vip_off",
      beforeJson: JSON.stringify({ is_vip: before.isVip }),
      afterJson: JSON.stringify({ is_vip: isVip }),
      createdAt: now,
    }),
  ]);
  const row = await db.select(columns).from(users).where(eq(users.id, userId)).get();
  return row ? toAdminUser(row) : null;
}
