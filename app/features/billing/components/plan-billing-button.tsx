import type { SessionUser } from "@contracts/auth";
import { planOf } from "@domain/plans";
import type { SubscriptionStatus } from "@domain/subscription";
import { openSubscriptionDialog } from "../dialog-store";
import { dayCount } from "../format";

/** "Starter", "Pro trial · 3 days left", "Business · VIP": opens Manage Subscription. */
export function badgeText(user: SessionUser, status: SubscriptionStatus | null): string {
  const name = planOf(status?.plan ?? user.plan).name;
  if (status?.is_trial) return `${name} trial · ${dayCount(status.trial_days_remaining)} left`;
  const notes = [user.is_vip && "VIP", status?.status === "past_due" && "payment overdue"].filter(Boolean);
  return [name, ...notes].join(" · ");
}

export function PlanBadge({ user, status }: { user: SessionUser; status: SubscriptionStatus | null }) {
  return (
    <button
      type="button"
      className="plan-badge"
      aria-haspopup="dialog"
      title={`Manage subscription — signed in as ${user.name} (${user.username})`}
      onClick={openSubscriptionDialog}
    >
      {badgeText(user, status)}
    </button>
  );
}
