import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { TeamMember, TeamResponse } from "../contracts/team";
import { maxMembersFor } from "../domain/plans";
import type { Access } from "../domain/team-members";
import { can, isLocationScoped, roleOf } from "../domain/team-roles";
import type { UserRow } from "./accounts";
import { type Actor, type TeamChange, teamAuditValues } from "./audit";
import type { Db } from "./client";
import { auditLog, locations, memberLocations, sessions, users, verificationCodes } from "./schema";
import { pendingInvitations, toTeamInvitation } from "./team-invitations";

// The team of an account (docs/team.md, "Managing the team"): listing it, changing or removing a member, and
// handing the account to one of them. Every change is one batch, sessions with it.

const iso = (ms: number) => new Date(ms).toISOString();

/** Each location manager's live locations (archived ones are no longer anyone's to run). */
async function locationsByMember(db: Db, memberIds: readonly string[]) {
  const rows =
    memberIds.length === 0
      ? []
      : await db
          .select({ memberId: memberLocations.memberId, locationId: memberLocations.locationId })
          .from(memberLocations)
          .innerJoin(locations, eq(locations.id, memberLocations.locationId))
          .where(and(inArray(memberLocations.memberId, [...memberIds]), isNull(locations.deletedAt)))
          .orderBy(asc(locations.createdAt), asc(locations.id));
  const byMember = new Map<string, string[]>();
  for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row.locationId]);
  return byMember;
}

function toTeamMember(row: UserRow, locationIds: readonly string[], youId: string): TeamMember {
  const role = roleOf(row);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role,
    location_ids: isLocationScoped(role) ? [...locationIds] : null,
    may_approve_pay: can(role, "pay:approve", { mayApprovePay: row.mayApprovePay }),
    last_sign_in_at: row.lastSignInAt === null ? null : iso(row.lastSignInAt),
    is_you: row.id === youId,
  };
}

/**
 * The owner first, then the members in the order they joined, the pending invitations, and how much of the
 * plan's allowance they use (owner + members + pending invitations).
 */
export async function listTeam(
  db: Db,
  account: UserRow,
  youId: string,
  now = Date.now(),
): Promise<TeamResponse> {
  const [rows, invitations] = await Promise.all([
    db
      .select()
      .from(users)
      .where(or(eq(users.id, account.id), eq(users.accountId, account.id)))
      .orderBy(sql`${users.accountId} IS NOT NULL`, asc(users.createdAt), asc(users.name)),
    pendingInvitations(db, account.id, now),
  ]);
  const byMember = await locationsByMember(
    db,
    rows.filter((row) => roleOf(row) === "location_manager").map((row) => row.id),
  );
  return {
    members: rows.map((row) => toTeamMember(row, byMember.get(row.id) ?? [], youId)),
    invitations: invitations.map(toTeamInvitation),
    allowance: { used: rows.length + invitations.length, max: maxMembersFor(account) },
  };
}

/** A person of this account's team (the owner included) with what they may reach; undefined for anyone else. */
export async function findTeamMember(db: Db, accountId: string, id: string) {
  const row = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), or(eq(users.id, accountId), eq(users.accountId, accountId))))
    .get();
  if (!row) return undefined;
  const role = roleOf(row);
  const locationIds = isLocationScoped(role)
    ? ((await locationsByMember(db, [row.id])).get(row.id) ?? [])
    : [];
  const access: Access = { role, locationIds, mayApprovePay: row.mayApprovePay };
  return { row, access };
}

/** The same person as the Team screen lists them. */
export async function teamMemberOf(db: Db, accountId: string, id: string, youId: string) {
  const found = await findTeamMember(db, accountId, id);
  return found && toTeamMember(found.row, found.access.locationIds, youId);
}

/** What a member may reach, as an audit row keeps it. */
const accessSnapshot = (access: Access) => ({
  role: access.role,
  location_ids: access.locationIds,
  may_approve_pay: access.mayApprovePay,
});

/** Ends every session of the person, answering their hashes (their sockets are closed by them). */
const endSessions = (db: Db, userId: string) =>
  db.delete(sessions).where(eq(sessions.userId, userId)).returning({ hash: sessions.tokenHash });

/**
 * Sets a member's role, locations and pay approval in one batch; with `signOut`, their sessions end in it
 * too. Answers the ended sessions' hashes.
 */
export async function updateMember(
  db: Db,
  accountId: string,
  memberId: string,
  access: Access,
  signOut: boolean,
  audit: { actor: Actor; before: Access },
): Promise<string[]> {
  const assigned = access.locationIds.map((locationId) => ({ memberId, locationId }));
  const change: TeamChange = {
    accountId,
    actor: audit.actor,
    entityId: memberId,
    action: "member_changed",
    before: accessSnapshot(audit.before),
    after: { ...accessSnapshot(access), signed_out: signOut },
  };
  const [, , , ...rest] = await db.batch([
    db.insert(auditLog).values(teamAuditValues(change)),
    db
      .update(users)
      .set({ role: access.role, mayApprovePay: access.mayApprovePay })
      .where(and(eq(users.id, memberId), eq(users.accountId, accountId))),
    db.delete(memberLocations).where(eq(memberLocations.memberId, memberId)),
    ...(assigned.length > 0 ? [db.insert(memberLocations).values(assigned)] : []),
    ...(signOut ? [endSessions(db, memberId)] : []),
  ]);
  const ended = signOut ? rest.at(-1) : undefined;
  return Array.isArray(ended) ? ended.map((row) => (row as { hash: string }).hash) : [];
}

/**
 * Deletes the member's sign-in: their sessions, codes and location assignments go with the row. What they
 * did stays: audit rows and corrections keep their id and name, with no foreign key to this row.
 */
export async function removeMember(
  db: Db,
  accountId: string,
  removed: { row: UserRow; access: Access },
  actor: Actor,
): Promise<string[]> {
  const memberId = removed.row.id;
  const change: TeamChange = {
    accountId,
    actor,
    entityId: memberId,
    action: "member_removed",
    before: { name: removed.row.name, email: removed.row.email, ...accessSnapshot(removed.access) },
    after: null,
  };
  const [, ended] = await db.batch([
    db.insert(auditLog).values(teamAuditValues(change)),
    endSessions(db, memberId),
    db.delete(users).where(and(eq(users.id, memberId), eq(users.accountId, accountId))),
  ]);
  return ended.map((row) => row.hash);
}

/** Who a person is, as opposed to the account their row holds: what a transfer swaps between two rows. */
const personOf = (row: UserRow) => ({
  name: row.name,
  nameKey: row.nameKey,
  email: row.email,
  username: row.username,
  passwordHash: row.passwordHash,
  emailVerifiedAt: row.emailVerifiedAt,
  signupCount: row.signupCount,
  lastLoginAt: row.lastLoginAt,
  lastSignInAt: row.lastSignInAt,
  weeklyReportEmail: row.weeklyReportEmail,
  reviewEmail: row.reviewEmail,
});

/**
 * Hands the account to a member. Everything the account owns hangs off the owner's `users.id`, so that row
 * stays the account and the two PEOPLE swap rows instead, in one batch: the member's name, e-mail, username,
 * password and sign-in fields move onto the account's row, the owner's onto the member's row, which becomes
 * an Admin; each person's sessions move with them, so both stay signed in as themselves. Codes in flight
 * (a password reset) are voided: they were made for the other row.
 */
export async function transferOwnership(db: Db, owner: UserRow, member: UserRow) {
  const both = [owner.id, member.id];
  const change: TeamChange = {
    accountId: owner.id,
    actor: { id: owner.id, name: owner.name },
    entityId: member.id,
    action: "ownership_transferred",
    before: { owner: owner.name },
    after: { owner: member.name, former_owner_role: "admin" },
  };
  await db.batch([
    db.insert(auditLog).values(teamAuditValues(change)),
    // E-mail and username are unique: the member's row lets go of them before the owner's row takes them.
    db
      .update(users)
      .set({ email: `transfer:${member.id}`, username: `transfer:${member.id}` })
      .where(eq(users.id, member.id)),
    db.update(users).set(personOf(member)).where(eq(users.id, owner.id)),
    db
      .update(users)
      .set({ ...personOf(owner), role: "admin", mayApprovePay: false })
      .where(eq(users.id, member.id)),
    db.delete(memberLocations).where(eq(memberLocations.memberId, member.id)),
    db
      .update(sessions)
      .set({
        userId: sql`CASE ${sessions.userId} WHEN ${owner.id} THEN ${member.id} ELSE ${owner.id} END`,
      })
      .where(inArray(sessions.userId, both)),
    db.delete(verificationCodes).where(inArray(verificationCodes.userId, both)),
  ]);
}
