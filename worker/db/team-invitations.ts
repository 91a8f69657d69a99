import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { InvitableRole, TeamInvitation } from "../contracts/team";
import { sha256Hex } from "../lib/crypto";
import { type Actor, AFTER_A_CHANGE, teamAudit } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { locations, teamInvitations, users } from "./schema";

// Invitations to an account's team (docs/team.md, "Invitations"). The link's token is never stored: only its
// SHA-256, looked up by that hash exactly as a session token is.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export type InvitationRow = typeof teamInvitations.$inferSelect;

export const invitationTokenHash = (token: string) => sha256Hex(token);

/** Still usable: not accepted, not revoked, not expired. */
const usable = (now: number) =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

/**
 * Sign-ins the account uses against its plan: the owner, every member, and every usable invitation (one
 * being accepted is counted once, as the invitation it still is).
 */
export const teamSize = (accountId: string, now: number): SQL => sql`(
  1 + (SELECT count(*) FROM users WHERE account_id = ${accountId})
    + (SELECT count(*) FROM team_invitations
       WHERE account_id = ${accountId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}))`;

/** `true` when the account may have `size` sign-ins under `max` (null: no limit), as SQL. */
export const withinAllowance = (size: SQL, max: number | null): SQL =>
  max === null ? sql`1` : sql`${size} <= ${max}`;

export async function countTeam(db: Db, accountId: string, now = Date.now()): Promise<number> {
  const row = await db.get<{ size: number }>(sql`SELECT ${teamSize(accountId, now)} AS size`);
  return Number(row?.size ?? 0);
}

export const parseLocationIds = (json: string | null): string[] | null =>
  json === null ? null : (JSON.parse(json) as string[]);

export const toTeamInvitation = (row: InvitationRow): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  location_ids: parseLocationIds(row.locationIds),
  may_approve_pay: row.mayApprovePay,
  invited_by: row.invitedByName,
  created_at: new Date(row.createdAt).toISOString(),
  expires_at: new Date(row.expiresAt).toISOString(),
});

/** The account's invitations still waiting for an answer, oldest first (the Team screen's list). */
export const pendingInvitations = (db: Db, accountId: string, now = Date.now()) =>
  db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), usable(now)))
    .orderBy(asc(teamInvitations.createdAt));

export const findPendingByEmail = (db: Db, accountId: string, email: string, now = Date.now()) =>
  db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), eq(teamInvitations.email, email), usable(now)))
    .get();

/** The account's own invitation that has not been accepted or revoked (expired ones may be resent). */
export const findOpenInvitation = (db: Db, accountId: string, id: string) =>
  db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.accountId, accountId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .get();

/** A usable invitation by its link's token hash, with the account's owner (open accounts only). */
export async function findUsableByTokenHash(db: Db, tokenHash: string, now = Date.now()) {
  const row = await db
    .select({ invitation: teamInvitations, ownerName: users.name })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.accountId))
    .where(and(eq(teamInvitations.tokenHash, tokenHash), usable(now), isNull(users.closedAt)))
    .get();
  return row;
}

/** The names of those of `ids` that are the account's live locations, in the account's order. */
export async function liveLocationsOf(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.userId, accountId), isNull(locations.deletedAt), inArray(locations.id, [...ids])))
    .orderBy(asc(locations.createdAt));
}

export type NewInvitation = {
  id: string;
  accountId: string;
  email: string;
  role: InvitableRole;
  locationIds: string[] | null;
  mayApprovePay: boolean;
  tokenHash: string;
  invitedById: string;
  invitedByName: string;
};

/**
 * Inserts the invitation only while the account is within its plan's allowance (counting this one) and the
 * address has no usable invitation to it, in one statement: two invitations racing cannot both pass.
 */
export async function insertInvitation(
  db: Db,
  input: NewInvitation,
  maxMembers: number | null,
  now = Date.now(),
): Promise<InvitationRow | null> {
  const [result] = await runBatch(db, [
    sql`
    INSERT INTO team_invitations (id, account_id, email, role, location_ids, may_approve_pay, token_hash,
                                  invited_by_id, invited_by_name, created_at, expires_at)
    SELECT ${input.id}, ${input.accountId}, ${input.email}, ${input.role},
           ${input.locationIds === null ? null : JSON.stringify(input.locationIds)}, ${input.mayApprovePay ? 1 : 0},
           ${input.tokenHash}, ${input.invitedById}, ${input.invitedByName}, ${now}, ${now + INVITATION_TTL_MS}
    WHERE ${withinAllowance(sql`${teamSize(input.accountId, now)} + 1`, maxMembers)}
      AND NOT EXISTS (SELECT 1 FROM team_invitations
                      WHERE account_id = ${input.accountId} AND email = ${input.email}
                        AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now})`,
    teamAudit(
      {
        accountId: input.accountId,
        actor: { id: input.invitedById, name: input.invitedByName },
        entityId: input.id,
        action: "member_invited",
        before: null,
        after: {
          email: input.email,
          role: input.role,
          location_ids: input.locationIds,
          may_approve_pay: input.mayApprovePay,
        },
      },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  if (result?.meta.changes !== 1) return null;
  return (await db.select().from(teamInvitations).where(eq(teamInvitations.id, input.id)).get()) ?? null;
}

/**
 * A new token and 7 more days for an open invitation: the old link stops working at once. Reviving an expired
 * invitation counts against the allowance again, so it is checked like a new one.
 */
export async function renewInvitation(
  db: Db,
  invitation: InvitationRow,
  tokenHash: string,
  maxMembers: number | null,
  actor: Actor,
  now = Date.now(),
): Promise<InvitationRow | null> {
  const stillCounted = invitation.expiresAt > now;
  const [result] = await runBatch(db, [
    sql`
    UPDATE team_invitations SET token_hash = ${tokenHash}, expires_at = ${now + INVITATION_TTL_MS}
    WHERE id = ${invitation.id} AND account_id = ${invitation.accountId}
      AND accepted_at IS NULL AND revoked_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM team_invitations
                      WHERE account_id = ${invitation.accountId} AND email = ${invitation.email} AND id <> ${invitation.id}
                        AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now})
      AND (${stillCounted ? 1 : 0} = 1 OR ${withinAllowance(sql`${teamSize(invitation.accountId, now)} + 1`, maxMembers)})`,
    teamAudit(
      {
        accountId: invitation.accountId,
        actor,
        entityId: invitation.id,
        action: "invitation_resent",
        before: { expires_at: new Date(invitation.expiresAt).toISOString() },
        after: { expires_at: new Date(now + INVITATION_TTL_MS).toISOString() },
      },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  if (result?.meta.changes !== 1) return null;
  return (await db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)).get()) ?? null;
}

/** Revokes an open invitation of the account; false when there is none by that id. */
export async function revokeInvitation(
  db: Db,
  accountId: string,
  id: string,
  actor: Actor,
  now = Date.now(),
) {
  const [result] = await runBatch(db, [
    sql`UPDATE team_invitations SET revoked_at = ${now}
        WHERE id = ${id} AND account_id = ${accountId} AND accepted_at IS NULL AND revoked_at IS NULL`,
    teamAudit(
      { accountId, actor, entityId: id, action: "invitation_revoked", before: null, after: null },
      AFTER_A_CHANGE,
      now,
    ),
  ]);
  return result?.meta.changes === 1;
}

/** Takes back a new invitation whose e-mail could not be sent. */
export async function deleteInvitation(db: Db, id: string) {
  await db.delete(teamInvitations).where(eq(teamInvitations.id, id));
}

/** The account an invitation is to: its owner's row. */
export const invitingAccount = (db: Db, invitation: InvitationRow) =>
  db.select().from(users).where(eq(users.id, invitation.accountId)).get();
