import { formatPounds } from "@domain/money";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Api, api, apiAs, detailOr } from "../../../lib/api";
import { managerSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { cancelSandbox, completeSandbox, sandboxCheckout } from "../api";
import { sessionFromOpener, tellOpenerComplete } from "../sandbox-handshake";

/** Who pays: the stored session, or the one the plan-choice screen that opened this tab holds in memory. */
type Payer = { as: Api; fromOpener: boolean };

async function payer(): Promise<Payer> {
  if (managerSession.get()) return { as: api, fromOpener: false };
  const token = await sessionFromOpener();
  if (!token) throw new Error("Please sign in to Clocked, then choose your plan again.");
  return { as: apiAs(token), fromOpener: true };
}

type Props = {
  checkoutId: string;
  /**
   * Back to the dashboard with the outcome, for a payer signed in here (the route navigates: this page is a
   * lazy chunk, and importing React Router here split the router's code out of the app's entry).
   */
  onReturn: (outcome: "success" | "cancelled") => void;
};

/** The offline stand-in for Stripe Checkout: no card, no charge, the same account change as a payment. */
export function SandboxCheckoutPage({ checkoutId, onReturn }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const loaded = useQuery({
    queryKey: ["sandbox-checkout", checkoutId],
    queryFn: async () => {
      const who = await payer();
      const { checkout } = await sandboxCheckout(checkoutId, who.as);
      return { checkout, payer: who };
    },
  });
  const finish = useMutation({
    mutationFn: async ({ action, payer: who }: { action: "complete" | "cancel"; payer: Payer }) => {
      if (action === "complete") {
        const answer = await completeSandbox(checkoutId, who.as);
        if (!who.fromOpener) managerSession.updateUser(answer.user);
        tellOpenerComplete();
        if (!who.fromOpener) return onReturn("success");
        setDone(`${answer.message} You can close this tab and return to Clocked.`);
      } else {
        await cancelSandbox(checkoutId, who.as);
        if (!who.fromOpener) return onReturn("cancelled");
        setDone("Payment cancelled. You can close this tab.");
      }
    },
    onError: (error, { action }) =>
      toast.error(
        detailOr(error, action === "complete" ? "Error changing subscription" : "Something went wrong"),
      ),
  });
  const busy = finish.isPending;
  const state = done
    ? ({ name: "done", message: done } as const)
    : loaded.isPending
      ? ({ name: "loading" } as const)
      : loaded.isError
        ? ({ name: "error", message: loadError(loaded.error) } as const)
        : ({ name: "ready", checkout: loaded.data.checkout, payer: loaded.data.payer } as const);

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
              <dd>{formatPounds(state.checkout.one_off_pence)}</dd>
              <dt>Monthly price</dt>
              <dd>{formatPounds(state.checkout.monthly_pence)}/month</dd>
              <dt>Trial</dt>
              <dd>
                {state.checkout.trial_days > 0
                  ? `${state.checkout.trial_days}-day free trial, then ${formatPounds(state.checkout.monthly_pence)}/month unless cancelled`
                  : "No trial"}
              </dd>
            </dl>
            {state.checkout.status === "open" ? (
              <div className="sandbox-actions">
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => finish.mutate({ action: "cancel", payer: state.payer })}
                >
                  Cancel
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => finish.mutate({ action: "complete", payer: state.payer })}
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

function loadError(error: Error): string {
  return detailOr(error, error.message || "This checkout could not be loaded.");
}
