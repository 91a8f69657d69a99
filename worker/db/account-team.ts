import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { TeamRecord } from "../domain/account-records";
import { can, roleOf } from "../domain/team-roles";
import type { Db } from "./client";
import { memberLocations, teamInvitations, users } from "./schema";

// The account export's team (docs/team.md): its owner and members with their roles and locations, and the
// invitations still waiting to be accepted. Never a password, token or hash.

/** The owner first, then the members by when they joined, then the pending invitations. */
export async function accountTeam(db: Db, accountId: string, now = Date.now()): Promise<TeamRecord[]> {
  const [people, invitations] = await Promise.all([
    db
      .select()
      .from(users)
      .where(sql`${users.id} = ${accountId} OR ${users.accountId} = ${accountId}`)
      .orderBy(sql`${users.accountId} IS NOT NULL`, asc(users.createdAt)),
    db
      .select()
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.accountId, accountId),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      )
      .orderBy(asc(teamInvitations.createdAt)),
  ]);
  const assigned = people.length
    ? await db
        .select()
        .from(memberLocations)
        .where(
          inArray(
            memberLocations.memberId,
            people.map((p) => p.id),
          ),
        )
    : [];
  const locationsOf = (id: string) => assigned.filter((a) => a.memberId === id).map((a) => a.locationId);
  const members: TeamRecord[] = people.map((person) => {
    const role = roleOf(person);
    return {
      id: person.id,
      status: "member",
      name: person.name,
      email: person.email,
      role,
      locationIds: role === "location_manager" ? locationsOf(person.id) : null,
      mayApprovePay: can(role, "pay:approve", person),
      lastSignInAt: latest(person.lastSignInAt, person.lastLoginAt),
      invitedBy: null,
      expiresAt: null,
    };
  });
  const pending: TeamRecord[] = invitations.map((invitation) => ({
    id: invitation.id,
    status: "invited",
    name: null,
    email: invitation.email,
    role: invitation.role,
    locationIds:
      invitation.role === "location_manager"
        ? (JSON.parse(invitation.locationIds ?? "[]") as string[])
        : null,
    mayApprovePay: can(invitation.role, "pay:approve", invitation),
    lastSignInAt: null,
    invitedBy: invitation.invitedByName,
    expiresAt: invitation.expiresAt,
  }));
  return [...members, ...pending];
}

const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
