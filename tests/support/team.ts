import { env } from "cloudflare:workers";
import { nameKey } from "../../worker/db/accounts";
import { getDb } from "../../worker/db/client";
import { memberLocations, users } from "../../worker/db/schema";
import type { Role } from "../../worker/domain/team-roles";
import { hashPassword, newId } from "../../worker/lib/crypto";
import { api, STRONG_PASSWORD, uniqueEmail } from "./api";

// Team members straight into D1 (docs/team.md): a member is a sign-in of the owner's account with a role.
// They sign in through the product's own /api/manager/login, as the owner does.

export type MemberOptions = { role: Role; locationIds?: string[]; mayApprovePay?: boolean; name?: string };

let knownHash: Promise<string> | undefined;

export async function addMember(accountId: string, options: MemberOptions) {
  const db = getDb(env.DB);
  knownHash ??= hashPassword(STRONG_PASSWORD);
  const id = newId();
  const name = options.name ?? "Sam Taylor";
  const username = `member.${id.slice(0, 8).toLowerCase()}`;
  const email = uniqueEmail("member");
  await db.insert(users).values({
    id,
    name,
    nameKey: nameKey(name),
    email,
    username,
    passwordHash: await knownHash,
    emailVerifiedAt: Date.now(),
    accountId,
    role: options.role,
    mayApprovePay: options.mayApprovePay ?? false,
  });
  const locationIds = options.locationIds ?? [];
  if (locationIds.length > 0) {
    await db.insert(memberLocations).values(locationIds.map((locationId) => ({ memberId: id, locationId })));
  }
  const login = await api("POST", "/api/manager/login", { body: { username, password: STRONG_PASSWORD } });
  if (login.status !== 200) throw new Error(`member sign-in: ${JSON.stringify(login.body)}`);
  return { id, name, username, email, password: STRONG_PASSWORD, token: String(login.body.session_id) };
}
