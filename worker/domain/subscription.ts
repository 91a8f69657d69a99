import type { PlanId } from "../contracts/auth";
import { planOf } from "./plans";

// The account's subscription state machine. Pure: Stripe, the sandbox and the routes all feed it.
//
//   (new account) active/starter ── checkout ──▶ trialing (Pro) ──▶ active ──▶ past_due ──▶ (7 days) suspended
//                                    └────────▶ active ─────────────────────────┘
//   trialing ── first payment fails ──▶ trial_expired          cancel ──▶ active/starter (no subscription)
//   suspended / trial_expired ── new checkout paid ──▶ trialing / active
//
// Statuses that need a payment before the dashboard opens: suspended, trial_expired (see plans.ts).

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A failed payment leaves the account usable this long before it is suspended. */
export const PAST_DUE_GRACE_MS = 7 * DAY_MS;

export type AccountStatus = "active" | "trialing" | "past_due" | "suspended" | "trial_expired" | "admin";

/** The billing columns of an account (a users row has them all). */
export type BillingFields = {
  plan: string;
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
  trialEndsAt: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: number | null;
};

/** What the billing columns become; applied to the account in one statement. */
export type BillingState = Omit<BillingFields, "plan" | "subscriptionStatus"> & {
  plan: PlanId;
  subscriptionStatus: AccountStatus;
};

/** A subscription as the payment provider reports it now (times in epoch ms). */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string | null;
  /** Our user id, from the subscription's metadata. */
  userId: string | null;
  plan: PlanId | null;
  /** Stripe's status: trialing, active, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  trialEnd: number | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's cancellation_details.reason: cancellation_requested, payment_failed, payment_disputed. */
  cancellationReason: string | null;
};

const LIVE = new Set(["trialing", "active", "past_due", "unpaid", "paused"]);
const BLOCKED = new Set(["suspended", "trial_expired"]);

/**
 * The account's billing state after the provider reported `snapshot`, or `null` when the report
 * changes nothing. Order-insensitive: it reads the subscription's current state, never an event's diff.
 */
export function nextBillingState(
  current: BillingFields,
  snapshot: SubscriptionSnapshot,
  now: number,
): BillingState | null {
  if (current.subscriptionStatus === "admin") return null;
  const isCurrent = snapshot.id === current.stripeSubscriptionId;
  // Checkouts that never completed, and old subscriptions ending after a newer one began, change nothing.
  if (!LIVE.has(snapshot.status) && (!isCurrent || snapshot.status !== "canceled")) return null;

  const live: Omit<BillingState, "subscriptionStatus"> = {
    plan: snapshot.plan ?? planOf(current.plan).id,
    stripeSubscriptionId: snapshot.id,
    trialEndsAt: snapshot.trialEnd ?? current.trialEndsAt,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    pastDueSince: null,
  };
  switch (snapshot.status) {
    case "trialing":
      return { ...live, subscriptionStatus: "trialing" };
    case "active":
      return { ...live, subscriptionStatus: "active" };
    case "past_due":
      if (firstPaymentAfterTrial(snapshot)) return { ...live, subscriptionStatus: "trial_expired" };
      return {
        ...live,
        subscriptionStatus: "past_due",
        pastDueSince: current.subscriptionStatus === "past_due" ? (current.pastDueSince ?? now) : now,
      };
    case "unpaid":
      return { ...live, subscriptionStatus: "suspended" };
    case "paused":
      return { ...live, subscriptionStatus: snapshot.trialEnd ? "trial_expired" : "suspended" };
    default:
      return endedState(current, snapshot);
  }
}

/** Stripe starts the first paid period when the trial ends: a failure then is a trial ended unpaid. */
const firstPaymentAfterTrial = (s: SubscriptionSnapshot) =>
  s.trialEnd !== null &&
  s.currentPeriodStart !== null &&
  Math.abs(s.currentPeriodStart - s.trialEnd) < DAY_MS;

/** The current subscription was cancelled: by the manager (back to Starter) or for non-payment. */
function endedState(current: BillingFields, snapshot: SubscriptionSnapshot): BillingState {
  const ended = {
    stripeSubscriptionId: null,
    trialEndsAt: snapshot.trialEnd ?? current.trialEndsAt,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    pastDueSince: null,
  };
  const plan = planOf(current.plan).id;
  if (
    snapshot.cancellationReason === "payment_failed" ||
    snapshot.cancellationReason === "payment_disputed"
  ) {
    const trialUnpaid = current.subscriptionStatus === "trial_expired" || firstPaymentAfterTrial(snapshot);
    return { ...ended, plan, subscriptionStatus: trialUnpaid ? "trial_expired" : "suspended" };
  }
  // A blocked account stays blocked when its old subscription is closed to make way for a new checkout.
  if (BLOCKED.has(current.subscriptionStatus)) {
    return { ...ended, plan, subscriptionStatus: current.subscriptionStatus as AccountStatus };
  }
  return { ...ended, plan: "starter", subscriptionStatus: "active" };
}

/**
 * The account as it stands at `now`, for the things no event announces: a grace period running out,
 * a trial converting, a cancelled plan reaching the end of its paid period.
 */
export function effectiveBilling<T extends BillingFields>(account: T, now = Date.now()): T {
  const status = account.subscriptionStatus;
  if (
    status === "past_due" &&
    account.pastDueSince !== null &&
    now - account.pastDueSince >= PAST_DUE_GRACE_MS
  ) {
    return { ...account, subscriptionStatus: "suspended" };
  }
  const periodOver = account.currentPeriodEnd !== null && account.currentPeriodEnd <= now;
  if ((status === "active" || status === "trialing") && account.cancelAtPeriodEnd && periodOver) {
    return { ...account, plan: "starter", subscriptionStatus: "active", stripeSubscriptionId: null };
  }
  // Trials convert automatically unless cancelled; a failed first payment arrives as past_due.
  const converted = status === "trialing" && account.trialEndsAt !== null && account.trialEndsAt <= now;
  const active = status === "active" || converted;
  // A live subscription renews by itself: the provider's next report confirms (or corrects) the new period.
  const renewed = active && periodOver ? renewedPeriodEnd(account.currentPeriodEnd ?? now, now) : null;
  if (converted || renewed !== null) {
    return {
      ...account,
      subscriptionStatus: active ? "active" : status,
      currentPeriodEnd: renewed ?? account.currentPeriodEnd,
    };
  }
  return account;
}

/** One calendar month after `ms` (UTC). */
export function oneMonthAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

/** The end of the monthly period running at `now`, counting on from a period that ended at `end`. */
function renewedPeriodEnd(end: number, now: number): number {
  let next = end;
  for (let i = 0; next <= now && i < 1200; i++) next = oneMonthAfter(next);
  return next;
}

/** A live subscription that can be changed or cancelled through the provider. */
export const hasLiveSubscription = (account: BillingFields) =>
  account.stripeSubscriptionId !== null &&
  ["trialing", "active", "past_due"].includes(account.subscriptionStatus);

/** The Pro trial is offered once per account, and not to an account that must pay to continue. */
export const trialDaysFor = (account: BillingFields, plan: PlanId) =>
  account.trialEndsAt === null && !BLOCKED.has(account.subscriptionStatus) ? planOf(plan).trialDays : 0;

/** Spec §3 subscription status, plus the dates the dialog shows. */
export type SubscriptionStatus = {
  plan: PlanId;
  status: string;
  is_trial: boolean;
  trial_days_remaining: number;
  trial_expired: boolean;
  can_cancel: boolean;
  is_vip: boolean;
  /** Whether choosing Pro now would start the free trial (once per account, never for a blocked one). */
  trial_available: boolean;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  trial_ends_at: string | null;
};

export function subscriptionStatusOf(
  account: BillingFields & { isVip: boolean },
  now = Date.now(),
): SubscriptionStatus {
  const view = effectiveBilling(account, now);
  const isTrial = view.subscriptionStatus === "trialing";
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    plan: planOf(view.plan).id,
    status: view.subscriptionStatus,
    is_trial: isTrial,
    trial_days_remaining:
      isTrial && view.trialEndsAt !== null ? Math.max(0, Math.ceil((view.trialEndsAt - now) / DAY_MS)) : 0,
    trial_expired: view.subscriptionStatus === "trial_expired",
    can_cancel: hasLiveSubscription(view) && !view.cancelAtPeriodEnd,
    is_vip: account.isVip,
    trial_available: !hasLiveSubscription(view) && trialDaysFor(view, "pro") > 0,
    cancel_at_period_end: view.cancelAtPeriodEnd,
    current_period_end: iso(view.currentPeriodEnd),
    trial_ends_at: isTrial ? iso(view.trialEndsAt) : null,
  };
}
