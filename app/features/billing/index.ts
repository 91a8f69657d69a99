// What other features use from billing: the upgrade hint (with the dialog it opens) and the plan badge.
export { ManageSubscriptionDialog } from "./components/manage-subscription-dialog";
export { PlanBadge } from "./components/plan-badge";
export { PlanCards } from "./components/plan-cards";
export { UpgradeHint } from "./components/upgrade-hint";
export { openSubscriptionDialog, subscriptionDialog, useSubscriptionDialogOpen } from "./dialog-store";
export { openPaymentPage } from "./payment-page";
export { refreshUser, useSubscription } from "./use-subscription";
