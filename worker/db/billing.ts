import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { PlanId } from "../contracts/auth";
import type { SandboxCheckout } from "../contracts/billing";
import { PLANS, type Usage } from "../domain/plans";
import type { BillingState, SubscriptionSnapshot } from "../domain/subscription";
import { newId } from "../lib/crypto";
import type { UserRow } from "./accounts";
import type { Db } from "./client";
import { employees, locations, processedStripeEvents, sandboxCheckouts, users } from "./schema";

export const findUserById = (db: Db, id: string) => db.query.users.findFirst({ where: eq(users.id, id) });

/** The account a subscription belongs to: by the user id we put in its metadata, else by its ids. */
export async function findUserForSubscription(db: Db, snapshot: SubscriptionSnapshot) {
  if (snapshot.userId) {
    const byMetadata = await findUserById(db, snapshot.userId);
    if (byMetadata) return byMetadata;
  }
  const bySubscription = await db.query.users.findFirst({
    where: eq(users.stripeSubscriptionId, snapshot.id),
  });
  if (bySubscription || !snapshot.customerId) return bySubscription;
  return db.query.users.findFirst({ where: eq(users.stripeCustomerId, snapshot.customerId) });
}

/** Writes a new billing state (and the provider's customer id when it is first learnt). */
export const billingStateStatement = (
  db: Db,
  user: UserRow,
  state: BillingState,
  customerId: string | null,
) =>
  db
    .update(users)
    .set({ ...state, stripeCustomerId: customerId ?? user.stripeCustomerId })
    .where(eq(users.id, user.id));

export const customerIdStatement = (db: Db, userId: string, customerId: string) =>
  db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));

/** Inserting an id twice fails, and with it the whole batch the insert is part of. */
export const processedEventStatement = (db: Db, id: string, type: string, now = Date.now()) =>
  db.insert(processedStripeEvents).values({ id, type, processedAt: now });

export async function isEventProcessed(db: Db, id: string): Promise<boolean> {
  const row = await db.query.processedStripeEvents.findFirst({ where: eq(processedStripeEvents.id, id) });
  return row !== undefined;
}

/** Live locations and each one's employees (deleted employees excepted, as the limit counts them). */
export async function accountUsage(db: Db, userId: string): Promise<Usage> {
  const rows = await db
    .select({ id: locations.id, name: locations.name, employees: count(employees.id) })
    .from(locations)
    .leftJoin(employees, and(eq(employees.locationId, locations.id), isNull(employees.deletedAt)))
    .where(and(eq(locations.userId, userId), isNull(locations.deletedAt)))
    .groupBy(locations.id)
    .orderBy(asc(locations.createdAt));
  return {
    locations: rows.length,
    employees_by_location: rows.map((row) => ({
      location_id: row.id,
      name: row.name,
      employees: row.employees,
    })),
  };
}

// The sandbox's pending checkouts: open for a day, completed or cancelled once.

const SANDBOX_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export async function createSandboxCheckout(db: Db, userId: string, plan: PlanId, trialDays: number) {
  const id = newId();
  const now = Date.now();
  await db
    .insert(sandboxCheckouts)
    .values({ id, userId, plan, trialDays, createdAt: now, expiresAt: now + SANDBOX_CHECKOUT_TTL_MS });
  return id;
}

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

/** The caller's checkout, or null (another account's, or no such id). */
export async function findOwnedSandboxCheckout(db: Db, userId: string, id: string) {
  const row = await db.query.sandboxCheckouts.findFirst({
    where: and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.userId, userId)),
  });
  return row ?? null;
}

export const isOpen = (checkout: SandboxCheckoutRow, now = Date.now()) =>
  checkout.status === "open" && checkout.expiresAt > now;

export const closeSandboxCheckoutStatement = (db: Db, id: string, status: "completed" | "cancelled") =>
  db
    .update(sandboxCheckouts)
    .set({ status })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, "open")));

export function sandboxCheckoutView(row: SandboxCheckoutRow, now = Date.now()): SandboxCheckout {
  const plan = PLANS[row.plan as PlanId] ?? PLANS.starter;
  return {
    id: row.id,
    plan: plan.id,
    plan_name: plan.name,
    one_off_pence: plan.oneOffPence,
    monthly_pence: plan.monthlyPence,
    trial_days: row.trialDays,
    status: row.status === "open" && row.expiresAt <= now ? "cancelled" : row.status,
  };
}

/** Every open sandbox checkout of the account is closed when one completes. */
export const closeOtherSandboxCheckoutsStatement = (db: Db, userId: string) =>
  db
    .update(sandboxCheckouts)
    .set({ status: "cancelled" })
    .where(and(eq(sandboxCheckouts.userId, userId), eq(sandboxCheckouts.status, "open")));
