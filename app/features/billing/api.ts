import type { PlanId } from "@contracts/auth";
import { queryOptions } from "@tanstack/react-query";
import { type Api, api, data } from "../../lib/api";
import { queryKeys } from "../../lib/server-state";

// The account's plan and subscription (/api/user) and the billing sandbox's payment page. `as` is the
// session to call with: the stored one, or one held in memory (the plan-choice screen's, see apiAs).

/** The signed-in user as the server has them now, and whether they must pay before going on. */
export const fetchMe = (as: Api = api) => data(as.user.me.$get());

export const changePlan = (plan: PlanId, as: Api = api) =>
  data(as.user.subscription["change-plan"].$post({ json: { action: "change", new_plan: plan } }));

export const cancelSubscription = () => data(api.user.subscription.cancel.$post());

export const closeAccount = (password: string) =>
  data(api.user["close-account"].$post({ json: { password } }));

/** The account's whole export, as one ZIP download. */
export const exportAccount = () => api.user.export.$get();

/** Keyed by the plan and status the session knows: a payment or a cancellation fetches them again. */
export const subscriptionStatusQuery = (plan: string, status: string) =>
  queryOptions({
    queryKey: [...queryKeys.user, "subscription-status", plan, status],
    queryFn: () => data(api.user["subscription-status"].$get()),
  });

export const planInfoQuery = (plan: string, status: string) =>
  queryOptions({
    queryKey: [...queryKeys.user, "plan-info", plan, status],
    queryFn: () => data(api.user["plan-info"].$get()),
  });

export const sandboxCheckout = (checkoutId: string, as: Api) =>
  data(as.billing.sandbox.checkouts[":checkoutId"].$get({ param: { checkoutId } }));

export const completeSandbox = (checkout_id: string, as: Api) =>
  data(as.billing.sandbox.complete.$post({ json: { checkout_id } }));

export const cancelSandbox = (checkout_id: string, as: Api) =>
  data(as.billing.sandbox.cancel.$post({ json: { checkout_id } }));
