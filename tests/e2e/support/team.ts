import { call, PASSWORD } from "./accounts";
import { baseUrl } from "./browser";

// Team steps for the browser tests (docs/team.md): the invitation's link as the development outbox holds it,
// and joining through the product's own accept call.

/** The newest invitation link e-mailed to `email`: its path and fragment, `/team/join#<token>`. */
export async function invitationLinkFor(email: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { body: string }[] };
    const link = /\/team\/join#[A-Za-z0-9_-]{43}/.exec(messages[0]?.body ?? "")?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invitation arrived for ${email}`);
}

type Session = { session_id: string; user: Record<string, unknown>; member?: Record<string, unknown> };

/** Invites `email` to the owner's team and accepts at once, as the invited person would: their session. */
export async function joinTeam(
  ownerToken: string,
  invitation: { email: string; role: string; location_ids?: string[]; may_approve_pay?: boolean },
  name: string,
): Promise<Session> {
  await call("POST", "/manager/team/invitations", invitation, ownerToken);
  const token = (await invitationLinkFor(invitation.email)).split("#")[1];
  return call<Session>("POST", `/team/invitations/${token}/accept`, {
    name,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
}
