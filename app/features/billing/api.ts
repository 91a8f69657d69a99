import type { CloseAccountResponse } from "../../../worker/contracts/account";
import type { PlanId } from "../../../worker/contracts/auth";
import type {
  CancelResponse,
  ChangePlanResponse,
  MeResponse,
  SandboxCheckout,
  SandboxCompleteResponse,
} from "../../../worker/contracts/billing";
import type { PlanInfo } from "../../../worker/domain/plans";
import type { SubscriptionStatus } from "../../../worker/domain/subscription";
import { apiRequest } from "../../lib/api";

/**
 * With `token`, the call uses that session instead of the stored one: the plan-choice screen keeps the
 * session of an account that must pay in memory only, never in storage.
 */
const as = (token?: string) =>
  token ? { headers: { Authorization: `Bearer ${token}` } } : { auth: true as const };

export const billingApi = {
  me: (token?: string) => apiRequest<MeResponse>("GET", "/user/me", as(token)),
  planInfo: () => apiRequest<PlanInfo>("GET", "/user/plan-info", { auth: true }),
  subscriptionStatus: () =>
    apiRequest<SubscriptionStatus>("GET", "/user/subscription-status", { auth: true }),
  changePlan: (new_plan: PlanId, token?: string) =>
    apiRequest<ChangePlanResponse>("POST", "/user/subscription/change-plan", {
      ...as(token),
      body: { action: "change", new_plan },
    }),
  cancel: () => apiRequest<CancelResponse>("POST", "/user/subscription/cancel", { auth: true }),
  closeAccount: (password: string) =>
    apiRequest<CloseAccountResponse>("POST", "/user/close-account", { auth: true, body: { password } }),

  sandboxCheckout: (id: string, token?: string) =>
    apiRequest<{ checkout: SandboxCheckout }>(
      "GET",
      `/billing/sandbox/checkouts/${encodeURIComponent(id)}`,
      as(token),
    ),
  completeSandbox: (checkout_id: string, token?: string) =>
    apiRequest<SandboxCompleteResponse>("POST", "/billing/sandbox/complete", {
      ...as(token),
      body: { checkout_id },
    }),
  cancelSandbox: (checkout_id: string, token?: string) =>
    apiRequest<{ message: string }>("POST", "/billing/sandbox/cancel", {
      ...as(token),
      body: { checkout_id },
    }),
};
