import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { billingStateRequest } from "../contracts/dev";
import { newId } from "../lib/crypto";
import type { Db } from "./client";
import { auditLog, users } from "./schema";

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
