import { Hono } from "hono";
import type { SuccessResponse } from "../contracts/employees";
import {
  type AcceptInvitationResponse,
  acceptInvitationRequest,
  INVITATION_NOT_VALID,
  type InvitationView,
  invitationParams,
  invitationTokenParams,
  inviteRequest,
  type TeamInvitation,
} from "../contracts/team";
import { acceptInvitation } from "../db/invitation-accept";
import {
  countTeam,
  findOpenInvitation,
  findPendingByEmail,
  findUsableByTokenHash,
  insertInvitation,
  invitationTokenHash,
  invitingAccount,
  renewInvitation,
  revokeInvitation,
  toTeamInvitation,
} from "../db/team-invitations";
import { maxMembersFor, memberLimitMessage, subscriptionRequired } from "../domain/plans";
import { effectiveBilling } from "../domain/subscription";
import { clientAddress } from "../lib/config";
import { hashPassword, newId, newToken } from "../lib/crypto";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { jsonBody, noBody, params } from "../lib/validate";
import { actorOf, SUBSCRIPTION_REQUIRED } from "../middleware/session";
import { mailerFor } from "../services/email";
import { signedInAnswer } from "../services/sign-in";
import {
  ALREADY_INVITED,
  alreadyHasAccount,
  assertNoAccount,
  countInvitationMail,
  countLinkAttempt,
  INVITATION_NOT_FOUND,
  invitationLocationNames,
  invitedLocations,
  mailInvitation,
} from "../services/team-invitations";
import type { AppEnv } from "../types";

// Invitations to the account's team (docs/team.md, "Invitations").

/** Mounted at /api/manager/team/invitations, in the manager sub-app: owners and admins (`team:manage`). */
export const teamInvitationRoutes = new Hono<AppEnv>()
  .post("/", jsonBody(inviteRequest), async (c) => {
    const body = c.req.valid("json");
    const { db, user, member } = c.var;
    // No e-mail service is a 503 before anything is written.
    const mailer = mailerFor(c.env, db);
    await assertNoAccount(db, body.email);
    if (await findPendingByEmail(db, user.id, body.email)) throw new ApiError(409, ALREADY_INVITED);
    const max = maxMembersFor(user);
    if (max !== null && (await countTeam(db, user.id)) >= max) throw forbidden(memberLimitMessage(user));
    const scoped = body.role === "location_manager";
    const locations = scoped ? await invitedLocations(db, user.id, body.location_ids ?? []) : null;
    await countInvitationMail(db, user.id);

    const token = newToken();
    const invitation = await insertInvitation(
      db,
      {
        id: newId(),
        accountId: user.id,
        email: body.email,
        role: body.role,
        locationIds: locations?.map((location) => location.id) ?? null,
        mayApprovePay: scoped && body.may_approve_pay === true,
        tokenHash: await invitationTokenHash(token),
        invitedById: member.id,
        invitedByName: member.name,
      },
      max,
    );
    // Lost a race: another invitation to the address, or to the last place on the plan, went first.
    if (!invitation) {
      if (await findPendingByEmail(db, user.id, body.email)) throw new ApiError(409, ALREADY_INVITED);
      throw forbidden(memberLimitMessage(user));
    }
    await mailInvitation(db, mailer, {
      invitation,
      account: user,
      token,
      appUrl: c.env.APP_URL,
      isNew: true,
    });
    return c.json<TeamInvitation>(toTeamInvitation(invitation), 201);
  })

  .post("/:invitationId/resend", params(invitationParams), noBody, async (c) => {
    const { db, user } = c.var;
    const mailer = mailerFor(c.env, db);
    const open = await findOpenInvitation(db, user.id, c.req.valid("param").invitationId);
    if (!open) throw notFound(INVITATION_NOT_FOUND);
    // Someone may have signed up with the address since it was invited.
    await assertNoAccount(db, open.email);
    await countInvitationMail(db, user.id, open.id);
    const token = newToken();
    const max = maxMembersFor(user);
    const renewed = await renewInvitation(db, open, await invitationTokenHash(token), max, actorOf(c));
    if (!renewed) {
      if (!(await findOpenInvitation(db, user.id, open.id))) throw notFound(INVITATION_NOT_FOUND);
      if (await findPendingByEmail(db, user.id, open.email)) throw new ApiError(409, ALREADY_INVITED);
      throw forbidden(memberLimitMessage(user));
    }
    await mailInvitation(db, mailer, {
      invitation: renewed,
      account: user,
      token,
      appUrl: c.env.APP_URL,
      isNew: false,
    });
    return c.json<TeamInvitation>(toTeamInvitation(renewed));
  })

  .delete("/:invitationId", params(invitationParams), noBody, async (c) => {
    const { db, user } = c.var;
    if (!(await revokeInvitation(db, user.id, c.req.valid("param").invitationId, actorOf(c)))) {
      throw notFound(INVITATION_NOT_FOUND);
    }
    return c.json<SuccessResponse>({ success: true });
  });

/** A usable invitation by its link's token, or the one 404 every unusable link answers. */
async function usableInvitation(db: AppEnv["Variables"]["db"], token: string) {
  const found = await findUsableByTokenHash(db, await invitationTokenHash(token));
  if (!found) throw notFound(INVITATION_NOT_VALID);
  return found;
}

/** Mounted at /api/team/invitations: the link's own calls, before anyone is signed in. */
export const invitationLinkRoutes = new Hono<AppEnv>()
  .get("/:token", params(invitationTokenParams), async (c) => {
    const { db } = c.var;
    const { token } = c.req.valid("param");
    await countLinkAttempt(db, "view", clientAddress(c.req.raw.headers), token);
    const { invitation, ownerName } = await usableInvitation(db, token);
    return c.json<InvitationView>({
      account_name: ownerName,
      invited_by: invitation.invitedByName,
      email: invitation.email,
      role: invitation.role,
      location_names: await invitationLocationNames(db, invitation),
      may_approve_pay: invitation.role === "location_manager" && invitation.mayApprovePay,
      expires_at: new Date(invitation.expiresAt).toISOString(),
    });
  })

  .post("/:token/accept", params(invitationTokenParams), jsonBody(acceptInvitationRequest), async (c) => {
    const { db } = c.var;
    const { token } = c.req.valid("param");
    const { name, password } = c.req.valid("json");
    await countLinkAttempt(db, "accept", clientAddress(c.req.raw.headers), token);
    const { invitation } = await usableInvitation(db, token);
    await assertNoAccount(db, invitation.email);
    const found = await invitingAccount(db, invitation);
    if (!found) throw notFound(INVITATION_NOT_VALID);
    // The plan as it stands now: one downgraded since the invitation may have no room left for it.
    const account = effectiveBilling(found);
    const max = maxMembersFor(account);
    if (max !== null && (await countTeam(db, account.id)) > max) throw forbidden(memberLimitMessage(account));

    const accepted = await acceptInvitation(db, {
      invitation,
      name,
      passwordHash: await hashPassword(password),
      maxMembers: max,
    });
    if (accepted === "address_taken") throw alreadyHasAccount();
    if (!accepted) {
      // Taken meanwhile (accepted, revoked, expired) reads as any unusable link; otherwise the plan is full.
      await usableInvitation(db, token);
      throw forbidden(memberLimitMessage(account));
    }
    const answer = await signedInAnswer(db, accepted.member);
    // The account's subscription, as every sign-in answers it (a member's own row has none).
    const required = subscriptionRequired(answer.user.subscription_status);
    return c.json<AcceptInvitationResponse>(
      {
        success: true,
        session_id: accepted.token,
        subscription_required: required,
        message: required ? SUBSCRIPTION_REQUIRED : "Welcome to the team",
        ...answer,
      },
      201,
    );
  });
