import type { PlanId } from "../../contracts/auth";
import type { CancelResponse, ChangePlanResponse } from "../../contracts/billing";
import type { UserRow } from "../../db/accounts";
import type { Db } from "../../db/client";
import { PLANS, subscriptionRequired } from "../../domain/plans";
import { effectiveBilling, hasLiveSubscription, trialDaysFor } from "../../domain/subscription";
import { badRequest } from "../../lib/errors";
import { applySubscription } from "./apply";
import { billingFor } from "./index";

// Change plan and cancel, for the /api/user/subscription routes. `user` is the stored row; what it
// means today (a lapsed grace period, a finished trial) comes from effectiveBilling.

const longDate = (ms: number | null) =>
  ms === null
    ? "the end of the current period"
    : new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

export async function changePlan(
  env: Env,
  db: Db,
  user: UserRow,
  newPlan: PlanId,
): Promise<ChangePlanResponse> {
  const view = effectiveBilling(user);
  const plan = PLANS[newPlan];
  if (view.subscriptionStatus === "admin") throw badRequest("This account's plan is managed by Clocked.");
  const billing = billingFor(env, db);

  if (hasLiveSubscription(view)) {
    if (view.plan === newPlan && !view.cancelAtPeriodEnd) {
      throw badRequest(`You are already on the ${plan.name} plan.`);
    }
    // A failed payment is settled first, on the provider's own page (card details, the unpaid invoice).
    if (view.subscriptionStatus === "past_due") {
      const portal = await billing.portal(user);
      if (portal) {
        return { message: "Your last payment failed. Please update your payment details.", url: portal.url };
      }
    }
    const updated = await applySubscription(db, user, await billing.changePlan(user, plan));
    if (view.plan === newPlan) return { message: `Your ${plan.name} plan will renew as usual.`, url: null };
    const trialEnded = view.subscriptionStatus === "trialing" ? " Your trial has ended." : "";
    return {
      message: `Your plan is now ${PLANS[updated.plan as PlanId].name}.${trialEnded} The price difference is prorated on your next invoice.`,
      url: null,
    };
  }

  // A blocked account's old subscription is closed first, so it can never be charged alongside the new one.
  if (subscriptionRequired(view.subscriptionStatus) && user.stripeSubscriptionId) {
    await applySubscription(db, user, await billing.cancel(user, "now"));
  }
  const trialDays = trialDaysFor(user, newPlan);
  const checkout = await billing.createCheckout({ user, plan, trialDays });
  return {
    message:
      trialDays > 0
        ? `Start your ${trialDays}-day ${plan.name} trial on the payment page.`
        : `Complete your ${plan.name} subscription on the payment page.`,
    url: checkout.url,
  };
}

export async function cancelSubscription(env: Env, db: Db, user: UserRow): Promise<CancelResponse> {
  const view = effectiveBilling(user);
  if (!hasLiveSubscription(view)) throw badRequest("You have no subscription to cancel.");
  if (view.cancelAtPeriodEnd) {
    throw badRequest(`Your subscription already ends on ${longDate(view.currentPeriodEnd)}.`);
  }
  const billing = billingFor(env, db);
  const planName = PLANS[view.plan as PlanId]?.name ?? "current";
  // Trials (nothing paid for the month yet) and past-due subscriptions end now; paid ones at period end.
  const now = view.subscriptionStatus !== "active";
  const updated = await applySubscription(db, user, await billing.cancel(user, now ? "now" : "period_end"));
  if (now) {
    return {
      message:
        view.subscriptionStatus === "trialing"
          ? `Your ${planName} trial has been cancelled and you won't be charged for it. Your account is on Starter.`
          : "Your subscription has been cancelled. Your account is on Starter.",
    };
  }
  return {
    message: `Your ${planName} plan stays active until ${longDate(updated.currentPeriodEnd)} and will not renew.`,
  };
}
