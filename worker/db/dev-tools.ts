import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { billingStateRequest } from "../contracts/dev";
import type { Access } from "../domain/team-members";
import { newId } from "../lib/crypto";
import { freeUsername, nameKey } from "./accounts";
import type { Db } from "./client";
import { auditLog, memberLocations, users } from "./schema";

// Development-only writes (worker/routes/dev.ts): never reached anywhere else.

/** Puts the account with this e-mail in a billing state at once; answers its id, undefined if none. */
export async function setBillingStateByEmail(
  db: Db,
  email: string,
  status: z.infer<typeof billingStateRequest>["subscription_status"],
) {
  const [account] = await db
    .update(users)
    .set({ subscriptionStatus: status, cancelAtPeriodEnd: false })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return account?.id;
}

/** The kiosk benchmark's baseline write: one audit row. */
export async function benchWrite(db: Db, userId: string) {
  await db.insert(auditLog).values({
    id: newId(),
    userId,
    locationId: "bench",
    entity: "location",
    entityId: userId,
    action: "bench_write",
  });
}

/**
 * A verified member of the account, signed in to nobody yet; undefined when the e-mail is taken. What an
 * accepted invitation makes, for the browser tests (docs/team.md).
 */
export async function insertTeamMember(
  db: Db,
  accountId: string,
  person: { name: string; email: string; passwordHash: string },
  access: Access,
) {
  const id = newId();
  const username = await freeUsername(db, person.name);
  const assigned = access.locationIds.map((locationId) => ({ memberId: id, locationId }));
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({
        id,
        ...person,
        nameKey: nameKey(person.name),
        username,
        emailVerifiedAt: Date.now(),
        accountId,
        role: access.role,
        mayApprovePay: access.mayApprovePay,
      })
      .onConflictDoNothing()
      .returning({ id: users.id }),
  ]);
  if (inserted.length === 0) return undefined;
  if (assigned.length > 0) await db.insert(memberLocations).values(assigned);
  return { id, username };
}
