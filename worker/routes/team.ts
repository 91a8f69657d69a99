import { Hono } from "hono";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import {
  MEMBER_NOT_FOUND,
  memberParams,
  type RemoveMemberResponse,
  type TeamResponse,
  TRANSFER_TO_SELF,
  TRANSFER_WRONG_PASSWORD,
  type TransferOwnershipResponse,
  transferOwnershipRequest,
  type UpdateMemberResponse,
  updateMemberRequest,
} from "../contracts/team";
import { listLocations } from "../db/locations";
import { limitStore } from "../db/rate-limits";
import {
  findTeamMember,
  listTeam,
  removeMember,
  teamMemberOf,
  transferOwnership,
  updateMember,
} from "../db/team-members";
import { accessProblem, managementRefusal, narrows, normalisedAccess } from "../domain/team-members";
import { verifyPassword } from "../lib/crypto";
import { badRequest, forbidden, notFound } from "../lib/errors";
import { countAttempt } from "../lib/rate-limit";
import { jsonBody, noBody, params } from "../lib/validate";
import { actorOf } from "../middleware/session";
import { disconnectSessions } from "../services/location-hubs";
import type { AppEnv } from "../types";

// The account's team (docs/team.md, "Managing the team"), mounted at /api/manager/team: who is on it, changing
// what a member may reach, removing them, and handing the account over. Invitations are their own routes.

/** Wrong passwords a signed-in session may try at a transfer, as at closing the account. */
const TRANSFER_ATTEMPTS = { limit: 5, windowMs: 15 * 60_000 };
const TRANSFER_THROTTLED = "Too many attempts. Please wait a few minutes and try again.";

export const teamRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json<TeamResponse>(await listTeam(c.var.db, c.var.user, c.var.member.id)))

  .post("/transfer-ownership", jsonBody(transferOwnershipRequest), async (c) => {
    const { member_id, password } = c.req.valid("json");
    const { db, user: owner } = c.var;
    await countAttempt(
      limitStore(db),
      [{ key: `transfer-ownership:${owner.id}`, window: TRANSFER_ATTEMPTS }],
      TRANSFER_THROTTLED,
    );
    if (!(await verifyPassword(password, owner.passwordHash))) throw forbidden(TRANSFER_WRONG_PASSWORD);
    if (member_id === owner.id) throw badRequest(TRANSFER_TO_SELF);
    const found = await findTeamMember(db, owner.id, member_id);
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    await transferOwnership(db, owner, found.row);
    return c.json<TransferOwnershipResponse>({
      success: true,
      message: `${found.row.name} now owns the account. You are an admin.`,
    });
  })

  .put("/:memberId", params(memberParams), jsonBody(updateMemberRequest), async (c) => {
    const { memberId } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db, user, member: actor } = c.var;
    const found = await findTeamMember(db, user.id, memberId);
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    const refusal = managementRefusal(actor.role, found.access.role, "edit");
    if (refusal) throw forbidden(refusal);
    const access = normalisedAccess({
      role: body.role,
      locationIds: body.location_ids,
      mayApprovePay: body.may_approve_pay,
    });
    // Another account's location, or an archived one, reads as not existing.
    const live = new Set((await listLocations(db, user.id)).map((location) => location.id));
    if (body.location_ids.some((id) => !live.has(id))) throw notFound(LOCATION_NOT_FOUND);
    const problem = accessProblem(access);
    if (problem) throw badRequest(problem);
    const signOut = narrows(found.access, access);
    const ended = await updateMember(db, user.id, memberId, access, signOut, {
      actor: actorOf(c),
      before: found.access,
    });
    await disconnectSessions(c.env, db, user.id, ended, SOCKET_CLOSE.signedOut);
    const updated = await teamMemberOf(db, user.id, memberId, actor.id);
    if (!updated) throw notFound(MEMBER_NOT_FOUND);
    return c.json<UpdateMemberResponse>({ member: updated, signed_out: signOut });
  })

  .delete("/:memberId", params(memberParams), noBody, async (c) => {
    const { memberId } = c.req.valid("param");
    const { db, user, member: actor } = c.var;
    const found = await findTeamMember(db, user.id, memberId);
    if (!found) throw notFound(MEMBER_NOT_FOUND);
    const refusal = managementRefusal(actor.role, found.access.role, "remove");
    if (refusal) throw forbidden(refusal);
    const ended = await removeMember(db, user.id, found, actorOf(c));
    await disconnectSessions(c.env, db, user.id, ended, SOCKET_CLOSE.signedOut);
    return c.json<RemoveMemberResponse>({
      success: true,
      message: `${found.row.name} has been removed from the team.`,
    });
  });
