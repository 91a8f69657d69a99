import { describe, expect, it } from "vitest";
import {
  type BillingFields,
  DAY_MS,
  effectiveBilling,
  nextBillingState,
  PAST_DUE_GRACE_MS,
  type SubscriptionSnapshot,
  subscriptionStatusOf,
  trialDaysFor,
} from "../../worker/domain/subscription";

const NOW = Date.UTC(2026, 10, 20, 12);

const newAccount: BillingFields = {
  plan: "starter",
  subscriptionStatus: "active",
  stripeSubscriptionId: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
};

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: "sub_1",
  customerId: "cus_1",
  userId: "user_1",
  plan: "pro",
  status: "trialing",
  trialEnd: NOW + 3 * DAY_MS,
  currentPeriodStart: NOW,
  currentPeriodEnd: NOW + 3 * DAY_MS,
  cancelAtPeriodEnd: false,
  cancellationReason: null,
  ...overrides,
});

/** Applies the snapshots in order, as the webhook would. */
function replay(start: BillingFields, ...reports: SubscriptionSnapshot[]) {
  let account = start;
  for (const report of reports) account = { ...account, ...nextBillingState(account, report, NOW) };
  return account;
}

describe("the subscription state machine", () => {
  it("starts a Pro trial from a completed checkout", () => {
    expect(nextBillingState(newAccount, snapshot(), NOW)).toEqual({
      plan: "pro",
      subscriptionStatus: "trialing",
      stripeSubscriptionId: "sub_1",
      trialEndsAt: NOW + 3 * DAY_MS,
      currentPeriodEnd: NOW + 3 * DAY_MS,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
    });
  });

  it("ignores checkouts that never completed", () => {
    expect(nextBillingState(newAccount, snapshot({ status: "incomplete" }), NOW)).toBeNull();
    expect(nextBillingState(newAccount, snapshot({ status: "incomplete_expired" }), NOW)).toBeNull();
  });

  it("marks a failed renewal past due, keeping the first failure's time across repeats", () => {
    const paid = replay(newAccount, snapshot({ status: "active", trialEnd: null, plan: "business" }));
    const failed = snapshot({ status: "past_due", trialEnd: null, plan: "business" });
    const first = replay(paid, failed);
    expect(first).toMatchObject({ subscriptionStatus: "past_due", pastDueSince: NOW, plan: "business" });
    const again = nextBillingState(first, failed, NOW + DAY_MS);
    expect(again?.pastDueSince).toBe(NOW);
    expect(replay(first, snapshot({ status: "active", trialEnd: null }))).toMatchObject({
      subscriptionStatus: "active",
      pastDueSince: null,
    });
  });

  it("calls a failed first payment after the trial a trial ended without payment", () => {
    const trialEnd = NOW - DAY_MS / 2;
    const state = replay(
      newAccount,
      snapshot(),
      snapshot({
        status: "past_due",
        trialEnd,
        currentPeriodStart: trialEnd,
        currentPeriodEnd: trialEnd + 30 * DAY_MS,
      }),
    );
    expect(state.subscriptionStatus).toBe("trial_expired");
  });

  it("suspends an unpaid subscription, and one Stripe cancelled for non-payment", () => {
    const paid = replay(newAccount, snapshot({ status: "active", trialEnd: null }));
    expect(replay(paid, snapshot({ status: "unpaid", trialEnd: null })).subscriptionStatus).toBe("suspended");
    const cancelled = replay(
      paid,
      snapshot({ status: "canceled", trialEnd: null, cancellationReason: "payment_failed" }),
    );
    expect(cancelled).toMatchObject({ subscriptionStatus: "suspended", stripeSubscriptionId: null });
  });

  it("returns a manager who cancelled to Starter without a subscription", () => {
    const trial = replay(newAccount, snapshot());
    const ended = replay(
      trial,
      snapshot({ status: "canceled", cancellationReason: "cancellation_requested" }),
    );
    expect(ended).toMatchObject({
      plan: "starter",
      subscriptionStatus: "active",
      stripeSubscriptionId: null,
      trialEndsAt: NOW + 3 * DAY_MS,
    });
    expect(trialDaysFor(ended, "pro")).toBe(0);
  });

  it("keeps a blocked account blocked when its old subscription is closed for a new checkout", () => {
    const suspended = { ...newAccount, subscriptionStatus: "suspended", stripeSubscriptionId: "sub_1" };
    const closed = snapshot({ status: "canceled", cancellationReason: "cancellation_requested" });
    expect(nextBillingState(suspended, closed, NOW)?.subscriptionStatus).toBe("suspended");
  });

  it("ignores an old subscription ending after a new one began, whatever the order", () => {
    const renewed = replay(newAccount, snapshot({ id: "sub_new", status: "active", plan: "business" }));
    const oldEnded = snapshot({ id: "sub_old", status: "canceled", cancellationReason: "payment_failed" });
    expect(nextBillingState(renewed, oldEnded, NOW)).toBeNull();
  });

  it("reaches the same state whatever order the reports arrive in, when each reads the current state", () => {
    const latest = snapshot({ status: "active", plan: "business", trialEnd: null });
    expect(replay(newAccount, latest, latest)).toEqual(replay(newAccount, latest));
  });

  it("leaves admin accounts alone", () => {
    expect(nextBillingState({ ...newAccount, subscriptionStatus: "admin" }, snapshot(), NOW)).toBeNull();
  });
});

describe("the account as it stands now", () => {
  it("suspends a past-due account once the 7-day grace period is over", () => {
    const pastDue = { ...newAccount, subscriptionStatus: "past_due", pastDueSince: NOW };
    expect(effectiveBilling(pastDue, NOW + PAST_DUE_GRACE_MS - 1).subscriptionStatus).toBe("past_due");
    expect(effectiveBilling(pastDue, NOW + PAST_DUE_GRACE_MS).subscriptionStatus).toBe("suspended");
  });

  it("moves a cancelled plan to Starter at the end of its paid period", () => {
    const cancelling = {
      ...newAccount,
      plan: "business",
      stripeSubscriptionId: "sub_1",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: NOW,
    };
    expect(effectiveBilling(cancelling, NOW - 1).plan).toBe("business");
    expect(effectiveBilling(cancelling, NOW)).toMatchObject({ plan: "starter", stripeSubscriptionId: null });
  });

  it("converts a trial at its end unless told otherwise, into a monthly period", () => {
    const trial = {
      ...newAccount,
      plan: "pro",
      subscriptionStatus: "trialing",
      trialEndsAt: NOW,
      currentPeriodEnd: NOW,
    };
    expect(effectiveBilling(trial, NOW - 1).subscriptionStatus).toBe("trialing");
    expect(effectiveBilling(trial, NOW)).toMatchObject({
      subscriptionStatus: "active",
      currentPeriodEnd: Date.UTC(2026, 11, 20, 12),
    });
  });

  it("renews a live subscription month by month until told otherwise", () => {
    const paid = { ...newAccount, plan: "business", stripeSubscriptionId: "sub_1", currentPeriodEnd: NOW };
    expect(effectiveBilling(paid, Date.UTC(2027, 1, 1)).currentPeriodEnd).toBe(Date.UTC(2027, 1, 20, 12));
    expect(effectiveBilling(paid, NOW - 1)).toBe(paid);
  });
});

describe("subscription status", () => {
  it("counts trial days up, and offers cancelling while the subscription is live", () => {
    const trial = {
      ...newAccount,
      isVip: false,
      plan: "pro",
      subscriptionStatus: "trialing",
      stripeSubscriptionId: "sub_1",
      trialEndsAt: NOW + 2 * DAY_MS + 1000,
      currentPeriodEnd: NOW + 2 * DAY_MS + 1000,
    };
    expect(subscriptionStatusOf(trial, NOW)).toMatchObject({
      plan: "pro",
      is_trial: true,
      trial_days_remaining: 3,
      trial_expired: false,
      can_cancel: true,
      is_vip: false,
    });
    expect(subscriptionStatusOf({ ...trial, cancelAtPeriodEnd: true }, NOW).can_cancel).toBe(false);
    expect(subscriptionStatusOf({ ...newAccount, isVip: true }, NOW)).toMatchObject({
      plan: "starter",
      is_trial: false,
      trial_days_remaining: 0,
      can_cancel: false,
      is_vip: true,
    });
  });

  it("says when the trial ended without payment", () => {
    const expired = { ...newAccount, isVip: false, plan: "pro", subscriptionStatus: "trial_expired" };
    expect(subscriptionStatusOf(expired, NOW)).toMatchObject({ trial_expired: true, can_cancel: false });
  });
});
