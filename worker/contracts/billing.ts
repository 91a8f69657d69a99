import { z } from "zod";
import { PLAN_IDS, type PlanId, type SessionUser } from "./auth";
import { idParam } from "./params";
import type { SessionMember } from "./roles";

// Plan info and subscription status are shaped in worker/domain (plans.ts, subscription.ts).

// Plans and billing (the /user calls). Shared by the Worker and the SPA.

export const changePlanRequest = z.strictObject({
  action: z.literal("change", { error: "action must be 'change'" }),
  new_plan: z.enum(PLAN_IDS, { error: "new_plan must be one of starter, pro, business" }),
});

export const sandboxCheckoutRequest = z.strictObject({
  checkout_id: z
    .string({ error: "checkout_id is required" })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "checkout_id is not valid"),
});

/** `url`: the hosted payment page to open in a new tab; `null` when the change was applied at once. */
export type ChangePlanResponse = { message: string; url: string | null };
export type CancelResponse = { message: string };

export type MeResponse = {
  user: SessionUser;
  subscription_required: boolean;
  /** Who is signed in, their role and what it allows (docs/team.md). */
  member: SessionMember;
};

export type SandboxCheckout = {
  id: string;
  plan: PlanId;
  plan_name: string;
  one_off_pence: number;
  monthly_pence: number;
  trial_days: number;
  status: "open" | "completed" | "cancelled";
};

export type SandboxCompleteResponse = { message: string; user: SessionUser };
export type SandboxCheckoutResponse = { checkout: SandboxCheckout };
export const CHECKOUT_NOT_FOUND = "Checkout not found";
/** GET /api/billing/sandbox/checkouts/{checkoutId}. */
export const checkoutParams = z.object({ checkoutId: idParam("Checkout id") });
