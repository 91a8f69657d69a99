// What other parts of the app use from billing: "Plan & billing", the plan cards, Manage Subscription (and the
// upgrade hint that opens it), the payment page, the sandbox's checkout page and the plan calls. Their
// styles (./billing.css) are loaded by the screens that show them: its plan cards would restyle the
// landing page's, were the demo to load it.

export { changePlan, fetchMe } from "./api";
/** Manage Subscription: its own chunk, loaded when the dialog first opens. */
export const loadManageSubscriptionDialog = () =>
  import("./components/manage-subscription-dialog").then((module) => module.ManageSubscriptionDialog);
export { PlanBillingButton } from "./components/plan-billing-button";
export { PlanCards } from "./components/plan-cards";
/**
 * The offline billing sandbox's payment page (/billing/sandbox): a loader, so the dashboard, which imports this
 * index, does not download it.
 */
export const loadSandboxCheckoutPage = () =>
  import("./components/sandbox-checkout").then((module) => module.SandboxCheckoutPage);
export { UpgradeHint } from "./components/upgrade-hint";
export { openSubscriptionDialog, subscriptionDialog, useSubscriptionDialogOpen } from "./dialog-store";
export { openPaymentPage } from "./payment-page";
export { answerSandboxRequests } from "./sandbox-handshake";
export { useBillingReturn } from "./use-billing-return";
export { refreshUser, useSubscription } from "./use-subscription";
