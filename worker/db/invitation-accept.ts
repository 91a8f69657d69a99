import { eq, sql } from "drizzle-orm";
import { newId, newToken } from "../lib/crypto";
import { isUniqueViolation } from "../lib/d1-errors";
import { findUserByEmail, freeUsername, nameKey, SESSION_TTL_MS, sessionHashOf } from "./accounts";
import { teamAudit } from "./audit";
import { runBatch } from "./batch";
import type { Db } from "./client";
import { users } from "./schema";
import { type InvitationRow, teamSize, withinAllowance } from "./team-invitations";

// Accepting an invitation (docs/team.md, "Invitations"): one D1 batch whose first statement claims the
// invitation; the member, their locations and their first session are written only when that claim changed a
// row, so a link accepted twice at once makes exactly one member.

export type Acceptance = {
  invitation: InvitationRow;
  name: string;
  passwordHash: string;
  maxMembers: number | null;
};

/**
 * The member's row and session token when this call claimed the invitation; `null` when it was gone (or the
 * plan full), `"address_taken"` when the address became someone's sign-in meanwhile. A username taken
 * meanwhile is retried with the next free one, as a sign-up's is.
 */
export async function acceptInvitation(db: Db, input: Acceptance) {
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return await claimAndCreate(db, {
        ...input,
        username: await freeUsername(db, input.name, attempt * 10),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findUserByEmail(db, input.invitation.email)) return "address_taken" as const;
    }
  }
  throw new Error("No free username after eight tries");
}

async function claimAndCreate(db: Db, input: Acceptance & { username: string }, now = Date.now()) {
  const { invitation } = input;
  const memberId = newId();
  const token = newToken();
  const tokenHash = await sessionHashOf(token);
  // Each insert after the claim depends on the member row this batch alone can have made (its id is new).
  const memberExists = sql`EXISTS (SELECT 1 FROM users WHERE id = ${memberId})`;
  const [claim] = await runBatch(db, [
    sql`UPDATE team_invitations SET accepted_at = ${now}
        WHERE id = ${invitation.id} AND token_hash = ${invitation.tokenHash}
          AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}
          AND (SELECT closed_at FROM users WHERE id = ${invitation.accountId}) IS NULL
          AND ${withinAllowance(teamSize(invitation.accountId, now), input.maxMembers)}`,
    sql`INSERT INTO users (id, name, name_key, email, username, password_hash, email_verified_at, created_at,
                           last_login_at, last_sign_in_at, account_id, role, may_approve_pay)
        SELECT ${memberId}, ${input.name}, ${nameKey(input.name)}, ${invitation.email}, ${input.username},
               ${input.passwordHash}, ${now}, ${now}, ${now}, ${now}, ${invitation.accountId}, ${invitation.role},
               ${invitation.role === "location_manager" && invitation.mayApprovePay ? 1 : 0}
        WHERE changes() > 0`,
    // Only locations still live: one archived since the invitation is simply not assigned.
    sql`INSERT INTO member_locations (member_id, location_id)
        SELECT ${memberId}, id FROM locations
        WHERE ${memberExists} AND user_id = ${invitation.accountId} AND deleted_at IS NULL
          AND id IN (SELECT value FROM json_each(${invitation.locationIds ?? "[]"}))`,
    sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
        SELECT ${tokenHash}, ${memberId}, ${now}, ${now + SESSION_TTL_MS} WHERE ${memberExists}`,
    teamAudit(
      {
        accountId: invitation.accountId,
        actor: { id: memberId, name: input.name },
        entityId: memberId,
        action: "member_joined",
        before: null,
        after: { invitation_id: invitation.id, email: invitation.email, role: invitation.role },
      },
      memberExists,
      now,
    ),
  ]);
  if (claim?.meta.changes !== 1) return null;
  const member = await db.select().from(users).where(eq(users.id, memberId)).get();
  if (!member) throw new Error("The member just made cannot be read back");
  return { member, token };
}
