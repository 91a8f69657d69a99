import { LOCATION_NOT_FOUND } from "../contracts/locations";
import { ROLE_LABELS } from "../contracts/team";
import { findUserByEmail, type UserRow } from "../db/accounts";
import type { Db } from "../db/client";
import { limitStore } from "../db/rate-limits";
import {
  deleteInvitation,
  type InvitationRow,
  invitationTokenHash,
  liveLocationsOf,
  parseLocationIds,
} from "../db/team-invitations";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { countAttempt, type Window } from "../lib/rate-limit";
import { invitationEmail, type Mailer } from "./email";

// What the invitation routes share (docs/team.md, "Invitations"): the refusals, the throttles, the locations
// an invitation names, and the e-mail with its link.

export const ALREADY_HAS_ACCOUNT =
  "This e-mail address already has a Clocked account. A person can belong to one account only: invite them at a different address.";
export const ALREADY_INVITED =
  "This e-mail address already has an invitation waiting to this team. Resend it instead.";
export const INVITATION_NOT_FOUND = "Invitation not found";
export const NEEDS_A_LOCATION = "Choose at least one location for a location manager";
export const INVITE_THROTTLED = "Too many invitations sent. Please wait a while and try again.";
export const RESEND_THROTTLED = "This invitation was sent a moment ago. Please wait before sending it again.";
export const LINK_THROTTLED = "Too many attempts. Please wait a few minutes and try again.";

/** Invitation e-mails an account may send (new and resent): enough for a busy day, too few to spam with. */
export const INVITE_MAIL_WINDOW: Window = { limit: 30, windowMs: 60 * 60_000 };
/** One resend of an invitation a minute. */
export const RESEND_WINDOW: Window = { limit: 1, windowMs: 60_000 };
/** Opening invitation links, per client address. */
export const VIEW_WINDOW: Window = { limit: 60, windowMs: 15 * 60_000 };
/** Accepting, per client address and per link. */
export const ACCEPT_ADDRESS_WINDOW: Window = { limit: 20, windowMs: 15 * 60_000 };
export const ACCEPT_LINK_WINDOW: Window = { limit: 10, windowMs: 15 * 60_000 };

export const alreadyHasAccount = () => new ApiError(409, ALREADY_HAS_ACCOUNT);

/** Refuses an address that is already someone's sign-in, in any account (one person, one account). */
export async function assertNoAccount(db: Db, email: string) {
  if (await findUserByEmail(db, email)) throw alreadyHasAccount();
}

/** Counts one invitation e-mail against the account's budget, and a resend against the invitation's. */
export function countInvitationMail(db: Db, accountId: string, resending?: string) {
  return countAttempt(
    limitStore(db),
    [
      { key: `invite-mail:${accountId}`, window: INVITE_MAIL_WINDOW },
      ...(resending ? [{ key: `invite-resend:${resending}`, window: RESEND_WINDOW }] : []),
    ],
    resending ? RESEND_THROTTLED : INVITE_THROTTLED,
  );
}

/** Throttles a public call about a link, per client address (and per link when accepting). */
export async function countLinkAttempt(db: Db, kind: "view" | "accept", address: string, token: string) {
  const budgets =
    kind === "view"
      ? [{ key: `invitation-view:${address}`, window: VIEW_WINDOW }]
      : [
          { key: `invitation-accept:${address}`, window: ACCEPT_ADDRESS_WINDOW },
          { key: `invitation-accept-link:${await invitationTokenHash(token)}`, window: ACCEPT_LINK_WINDOW },
        ];
  await countAttempt(limitStore(db), budgets, LINK_THROTTLED);
}

/**
 * The locations a location manager is invited to run: each must be one of the account's live locations
 * (anything else is 404, as another account's id is), at least one. Other roles see every location.
 */
export async function invitedLocations(db: Db, accountId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest(NEEDS_A_LOCATION);
  const found = await liveLocationsOf(db, accountId, unique);
  if (found.length !== unique.length) throw notFound(LOCATION_NOT_FOUND);
  return found;
}

/** The names of the invitation's locations that are still live. */
export async function invitationLocationNames(db: Db, invitation: InvitationRow) {
  const ids = parseLocationIds(invitation.locationIds) ?? [];
  return (await liveLocationsOf(db, invitation.accountId, ids)).map((location) => location.name);
}

/** The page that accepts: the token rides in the fragment, which never reaches a server. */
export const invitationLink = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/+$/, "")}/team/join#${token}`;

/**
 * E-mails the invitation. If the mail cannot go, a new invitation is taken back (a resent one keeps its
 * previous state but its old link is already dead): nothing half-done is left for the inviter to puzzle over.
 */
export async function mailInvitation(
  db: Db,
  mailer: Mailer,
  input: { invitation: InvitationRow; account: UserRow; token: string; appUrl: string; isNew: boolean },
) {
  const { invitation } = input;
  try {
    await mailer.send({
      to: invitation.email,
      ...invitationEmail({
        invitedBy: invitation.invitedByName,
        accountName: input.account.name,
        roleLabel: ROLE_LABELS[invitation.role],
        locationNames: await invitationLocationNames(db, invitation),
        mayApprovePay: invitation.role === "location_manager" && invitation.mayApprovePay,
        link: invitationLink(input.appUrl, input.token),
        expiresAt: invitation.expiresAt,
      }),
    });
  } catch (error) {
    if (input.isNew) await deleteInvitation(db, invitation.id);
    throw error;
  }
}
