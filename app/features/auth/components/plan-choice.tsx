import type { PlanId, SessionUser } from "@contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { apiAs } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { answerSandboxRequests, changePlan, fetchMe, openPaymentPage, PlanCards } from "../../billing";
import { signOut } from "../api";

type Props = {
  /** The session from the login answer, held in memory only: this account must pay before it is stored. */
  sessionId: string;
  onBack: () => void;
  /** The account no longer needs a payment (paid in the other tab): sign in with this session. */
  onReady: (user: SessionUser) => void;
};

/** Shown when sign-in says a subscription is required (suspended account or a trial that ended unpaid). */
export function PlanChoice({ sessionId, onBack, onReady }: Props) {
  const checkPaid = useCallback(async () => {
    try {
      const me = await fetchMe(apiAs(sessionId));
      if (!me.subscription_required) onReady(me.user);
    } catch {
      // Still unpaid, or the session is gone: the screen stays as it is.
    }
  }, [sessionId, onReady]);
  const choose = useMutation({
    mutationFn: (plan: PlanId) => openPaymentPage(() => changePlan(plan, apiAs(sessionId))),
    meta: { errorToast: "Error changing subscription" },
    onSuccess: async (answer) => {
      toast.info(answer.url ? "Complete the payment in the new tab, then come back here." : answer.message);
      if (!answer.url) await checkPaid();
    },
  });

  useEffect(() => answerSandboxRequests(sessionId, () => void checkPaid()), [sessionId, checkPaid]);
  useEffect(() => {
    const onFocus = () => void checkPaid();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [checkPaid]);

  async function back() {
    await signOut(sessionId).catch(() => undefined);
    onBack();
  }

  return (
    <div className="auth-card auth-card--wide">
      <h1>Choose a plan to continue</h1>
      <p className="muted">
        Your subscription needs attention. Pick a plan: the payment page opens in a new tab, and your
        dashboard opens here once the payment has gone through.
      </p>
      {/* An account that must pay to continue is not offered the free trial. */}
      <PlanCards
        busy={choose.isPending ? choose.variables : null}
        trialAvailable={false}
        onChoose={(plan) => choose.mutate(plan)}
      />
      <button type="button" className="button button--ghost" onClick={back}>
        Back to Login
      </button>
    </div>
  );
}
