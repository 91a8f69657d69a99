import type { ReactNode } from "react";
import { openSubscriptionDialog } from "../dialog-store";

type Props = {
  /** What the manager's plan does not include, and what would: "CSV downloads need Pro or Business." */
  children: ReactNode;
  actionLabel?: string;
};

/** Shown where a gated feature meets a lower plan; the button opens Manage Subscription. */
export function UpgradeHint({ children, actionLabel = "See plans" }: Props) {
  return (
    <p className="upgrade-hint">
      <span>{children}</span>
      <button type="button" className="button button--small" onClick={openSubscriptionDialog}>
        {actionLabel}
      </button>
    </p>
  );
}
