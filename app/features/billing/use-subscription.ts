import { useCallback, useEffect, useState } from "react";
import { type PlanInfo, STARTER_FALLBACK } from "../../../worker/domain/plans";
import type { SubscriptionStatus } from "../../../worker/domain/subscription";
import { managerSession, useManagerSession } from "../../lib/session";
import { billingApi } from "./api";

/** Fetches the saved user again (after a payment, or when the tab regains focus) so the badge follows. */
export async function refreshUser() {
  try {
    const { user } = await billingApi.me();
    managerSession.updateUser(user);
  } catch {
    // The next dashboard call reports a lost session; nothing to add here.
  }
}

export type Subscription = {
  status: SubscriptionStatus | null;
  planInfo: PlanInfo | null;
  /** The plan info could not be loaded and is not Starter's fallback either. */
  failed: boolean;
  reload: () => Promise<void>;
};

/** The signed-in manager's subscription status and plan info, kept fresh while the dashboard is open. */
export function useSubscription(): Subscription {
  const session = useManagerSession();
  const plan = session?.user.plan;
  const accountStatus = session?.user.subscription_status;
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [planInfo, setPlanInfo] = useState<PlanInfo | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    const [nextStatus, nextInfo] = await Promise.allSettled([
      billingApi.subscriptionStatus(),
      billingApi.planInfo(),
    ]);
    if (nextStatus.status === "fulfilled") setStatus(nextStatus.value);
    if (nextInfo.status === "fulfilled") {
      setPlanInfo(nextInfo.value);
      setFailed(false);
    } else if (managerSession.get()?.user.plan === "starter") {
      // Spec §8: a Starter account whose plan info cannot be loaded gets Starter's limits.
      setPlanInfo((current) => current ?? STARTER_FALLBACK);
      setFailed(false);
    } else setFailed(true);
  }, []);

  // Reloaded whenever the saved user's plan or status changes (a payment, a cancellation).
  useEffect(() => {
    if (plan && accountStatus) void reload();
  }, [plan, accountStatus, reload]);

  // Back from the payment tab: the webhook (or the sandbox) may have changed the plan meanwhile.
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState === "visible") void refreshUser().then(reload);
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [reload]);

  return { status, planInfo, failed, reload };
}
