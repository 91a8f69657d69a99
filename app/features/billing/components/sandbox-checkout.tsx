import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { SandboxCheckout } from "../../../../worker/contracts/billing";
import { detailOr } from "../../../lib/api";
import { managerSession } from "../../../lib/session";
import { billingApi } from "../api";
import { pounds } from "../format";
import { sessionFromOpener, tellOpenerComplete } from "../sandbox-handshake";

type Auth = { token?: string; fromOpener: boolean };
type State =
  | { name: "loading" }
  | { name: "error"; message: string }
  | { name: "ready"; checkout: SandboxCheckout; auth: Auth }
  | { name: "done"; message: string };

/** The stored session, or the one the plan-choice screen that opened this tab holds in memory. */
async function authenticate(): Promise<Auth | null> {
  if (managerSession.get()) return { fromOpener: false };
  const token = await sessionFromOpener();
  return token ? { token, fromOpener: true } : null;
}

/** The offline stand-in for Stripe Checkout: no card, no charge, the same account change as a payment. */
export function SandboxCheckoutPage({ checkoutId }: { checkoutId: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ name: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const auth = await authenticate();
      if (!auth) throw new Error("Please sign in to Clocked, then choose your plan again.");
      const { checkout } = await billingApi.sandboxCheckout(checkoutId, auth.token);
      if (live) setState({ name: "ready", checkout, auth });
    })().catch((error: unknown) => {
      const fallback = error instanceof Error ? error.message : "This checkout could not be loaded.";
      if (live) setState({ name: "error", message: detailOr(error, fallback) });
    });
    return () => {
      live = false;
    };
  }, [checkoutId]);

  async function finish(action: "complete" | "cancel", auth: Auth) {
    setBusy(true);
    try {
      if (action === "complete") {
        const answer = await billingApi.completeSandbox(checkoutId, auth.token);
        if (!auth.fromOpener) managerSession.updateUser(answer.user);
        tellOpenerComplete();
        if (!auth.fromOpener) return navigate("/manager-dashboard?billing=success", { replace: true });
        setState({
          name: "done",
          message: `${answer.message} You can close this tab and return to Clocked.`,
        });
      } else {
        await billingApi.cancelSandbox(checkoutId, auth.token);
        if (!auth.fromOpener) return navigate("/manager-dashboard?billing=cancelled", { replace: true });
        setState({ name: "done", message: "Payment cancelled. You can close this tab." });
      }
    } catch (error) {
      toast.error(
        detailOr(error, action === "complete" ? "Error changing subscription" : "Something went wrong"),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sandbox-page">
      <p className="sandbox-banner" role="note">
        Billing sandbox — no real payment
      </p>
      <main className="auth-card sandbox-card">
        {state.name === "loading" && <p className="muted">Loading checkout…</p>}
        {state.name === "error" && <p role="alert">{state.message}</p>}
        {state.name === "done" && <p role="status">{state.message}</p>}
        {state.name === "ready" && (
          <>
            <h1>Clocked {state.checkout.plan_name}</h1>
            <p className="muted">
              This page stands in for the payment provider while Stripe is not configured. Nothing is charged.
            </p>
            <dl className="sandbox-summary">
              <dt>Plan</dt>
              <dd>{state.checkout.plan_name}</dd>
              <dt>One-off implementation fee</dt>
              <dd>{pounds(state.checkout.one_off_pence)}</dd>
              <dt>Monthly price</dt>
              <dd>{pounds(state.checkout.monthly_pence)}/month</dd>
              <dt>Trial</dt>
              <dd>
                {state.checkout.trial_days > 0
                  ? `${state.checkout.trial_days}-day free trial, then ${pounds(state.checkout.monthly_pence)}/month unless cancelled`
                  : "No trial"}
              </dd>
            </dl>
            {state.checkout.status === "open" ? (
              <div className="sandbox-actions">
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => finish("cancel", state.auth)}
                >
                  Cancel
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => finish("complete", state.auth)}
                >
                  {busy ? "Processing..." : "Complete payment (sandbox)"}
                </button>
              </div>
            ) : (
              <p role="status">
                This checkout is {state.checkout.status === "completed" ? "complete" : "closed"}.
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}
