import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../lib/toast";
import { refreshUser } from "./use-subscription";

const MESSAGES: Record<string, string> = {
  success: "Thank you! Your subscription has been updated.",
  changed: "Your plan has been changed.",
};

/**
 * Back on /manager-dashboard?billing=success|cancelled from the payment page: say so, refresh the saved
 * user so the badge follows, and drop the parameter. The addresses never carry a session token.
 */
export function useBillingReturn() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("billing");
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!outcome || handled.current === outcome) return;
    handled.current = outcome;
    setParams(
      (current) => {
        current.delete("billing");
        return current;
      },
      { replace: true },
    );
    if (outcome === "cancelled") {
      toast.info("Payment cancelled. Your plan has not changed.");
      return;
    }
    toast.success(MESSAGES[outcome] ?? MESSAGES.success);
    void refreshUser();
    // Stripe's webhook may land a moment after the redirect: look again shortly after.
    for (const delay of [3000, 8000]) setTimeout(() => void refreshUser(), delay);
  }, [outcome, setParams]);
}
