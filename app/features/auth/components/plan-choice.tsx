import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { PlanId, SessionUser } from "../../../../worker/contracts/auth";
import { detailOr } from "../../../lib/api";
import { openPaymentPage, PlanCards } from "../../billing";
import { billingApi } from "../../billing/api";
import { answerSandboxRequests } from "../../billing/sandbox-handshake";
import { authApi } from "../api";

type Props = {
  /** The session from the login answer, held in memory only: this account must pay before it is stored. */
  sessionId: string;
  onBack: () => void;
  /** The account no longer needs a payment (paid in the other tab): sign in with this session. */
  onReady: (user: SessionUser) => void;
};

/** Shown when sign-in says a subscription is required (suspended account or a trial that ended unpaid). */
export function PlanChoice({ sessionId, onBack, onReady }: Props) {
  const [busy, setBusy] = useState<PlanId | null>(null);

  const checkPaid = useCallback(async () => {
    try {
      const me = await billingApi.me(sessionId);
      if (!me.subscription_required) onReady(me.user);
    } catch {
      // Still unpaid, or the session is gone: the screen stays as it is.
    }
  }, [sessionId, onReady]);

  useEffect(() => answerSandboxRequests(sessionId, () => void checkPaid()), [sessionId, checkPaid]);
  useEffect(() => {
    const onFocus = () => void checkPaid();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [checkPaid]);

  async function choose(plan: PlanId) {
    setBusy(plan);
    try {
      const answer = await openPaymentPage(() => billingApi.changePlan(plan, sessionId));
      toast.info(answer.url ? "Complete the payment in the new tab, then come back here." : answer.message);
      if (!answer.url) await checkPaid();
    } catch (error) {
      toast.error(detailOr(error, "Error changing subscription"));
    } finally {
      setBusy(null);
    }
  }

  async function back() {
    await authApi.logout(sessionId).catch(() => undefined);
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
      <PlanCards busy={busy} trialAvailable={false} onChoose={choose} />
      <button type="button" className="button button--ghost" onClick={back}>
        Back to Login
      </button>
    </div>
  );
}
