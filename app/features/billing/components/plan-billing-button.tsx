import type { SessionUser } from "@contracts/auth";
import { planOf } from "@domain/plans";
import type { SubscriptionStatus } from "@domain/subscription";
import { sessionCan } from "../../../lib/permissions";
import { useManagerSession } from "../../../lib/session";
import { openSubscriptionDialog } from "../dialog-store";
import { dayCount } from "../format";

/** "Starter", "Pro trial · 3 days left", "Business · VIP": the plan as the dashboard shows it. */
export function badgeText(user: SessionUser, status: SubscriptionStatus | null): string {
  const name = planOf(status?.plan ?? user.plan).name;
  if (status?.is_trial) return `${name} trial · ${dayCount(status.trial_days_remaining)} left`;
  const notes = [user.is_vip && "VIP", status?.status === "past_due" && "payment overdue"].filter(Boolean);
  return [name, ...notes].join(" · ");
}

/**
 * "Plan & billing" with the plan beside it, in the dashboard's bar (in its Menu on a phone): opens Manage
 * Subscription, where the plan, its usage and limits, changing plan, cancelling and the account's data are.
 */
type Props = { user: SessionUser; status: SubscriptionStatus | null };

export function PlanBillingButton({ user, status }: Props) {
  // Billing, and closing the account with it, are the owner's alone (docs/team.md).
  const mayBill = sessionCan(useManagerSession(), "billing");
  if (!mayBill) return null;
  return (
    <button
      type="button"
      className="button button--ghost button--small plan-billing"
      aria-haspopup="dialog"
      onClick={openSubscriptionDialog}
    >
      Plan &amp; billing
      <span className="plan-badge">{badgeText(user, status)}</span>
    </button>
  );
}
