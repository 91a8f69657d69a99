import { eq } from "drizzle-orm";
import { isLocationScoped, type Member, roleOf } from "../domain/team-roles";
import { sessionHashOf, type UserRow, userForSessionHash } from "./accounts";
import type { Db } from "./client";
import { memberLocations, users } from "./schema";

// A signed-in row as the account it acts for (docs/team.md): an owner is their own account; a member acts for
// their owner's row, and stops when that account is closed or deleted.

export async function accountOf(
  db: Db,
  row: UserRow,
): Promise<{ user: UserRow; member: Member } | undefined> {
  if (!row.accountId) {
    return {
      user: row,
      member: { id: row.id, name: row.name, role: "owner", locationIds: null, mayApprovePay: true },
    };
  }
  const owner = await db.select().from(users).where(eq(users.id, row.accountId)).get();
  if (!owner || owner.closedAt !== null || owner.accountId !== null) return undefined;
  const role = roleOf(row);
  const locationIds = isLocationScoped(role)
    ? (
        await db
          .select({ id: memberLocations.locationId })
          .from(memberLocations)
          .where(eq(memberLocations.memberId, row.id))
      ).map((r) => r.id)
    : null;
  return {
    user: owner,
    member: { id: row.id, name: row.name, role, locationIds, mayApprovePay: row.mayApprovePay },
  };
}

/** The account and member behind a live session, known by its stored hash (a live ticket carries it). */
export async function accountForSessionHash(db: Db, tokenHash: string, now = Date.now()) {
  const row = await userForSessionHash(db, tokenHash, now);
  return row ? accountOf(db, row) : undefined;
}

/** The account and member behind a bearer token. */
export async function accountForToken(db: Db, token: string, now = Date.now()) {
  return accountForSessionHash(db, await sessionHashOf(token), now);
}
