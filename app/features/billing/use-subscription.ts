import { type PlanInfo, STARTER_FALLBACK } from "@domain/plans";
import type { SubscriptionStatus } from "@domain/subscription";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { queryKeys } from "../../lib/server-state";
import { managerSession, memberOf, useManagerSession } from "../../lib/session";
import { fetchMe, planInfoQuery, subscriptionStatusQuery } from "./api";

/**
 * Fetches the saved user and member again (after a payment, or when the tab regains focus) so the badge and
 * what the member's role shows follow.
 */
export async function refreshUser() {
  try {
    const me = await fetchMe();
    // A team member's role may have changed since they signed in: what they see follows it.
    managerSession.updateUser(me.user, memberOf(me));
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
  const queryClient = useQueryClient();
  const user = useManagerSession()?.user;
  // Fetched again whenever the saved user's plan or status changes (a payment, a cancellation).
  const plan = user?.plan ?? "";
  const accountStatus = user?.subscription_status ?? "";
  const signedIn = plan !== "" && accountStatus !== "";
  const status = useQuery({
    ...subscriptionStatusQuery(plan, accountStatus),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  const info = useQuery({
    ...planInfoQuery(plan, accountStatus),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    [queryClient],
  );

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

  // Spec §8: a Starter account whose plan info cannot be loaded gets Starter's limits.
  const starterFallback = info.isError && plan === "starter";
  return {
    status: status.data ?? null,
    planInfo: info.data ?? (starterFallback ? STARTER_FALLBACK : null),
    failed: info.isError && !starterFallback,
    reload,
  };
}
