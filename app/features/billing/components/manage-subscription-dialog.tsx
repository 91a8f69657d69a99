import type { PlanId } from "@contracts/auth";
import { PLANS, planOf } from "@domain/plans";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "../../../lib/toast";
import { cancelSubscription, changePlan } from "../api";
import { dayCount, limitText, longDate } from "../format";
import { openPaymentPage } from "../payment-page";
import { refreshUser, type Subscription } from "../use-subscription";
import { CloseAccount } from "./close-account";
import { PlanCards } from "./plan-cards";

type Props = { subscription: Subscription; onClose: () => void };

/** The current plan, trial days left, usage against limits, change plan, cancel with a confirmation. */
export function ManageSubscriptionDialog({ subscription, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { status, planInfo, failed, reload } = subscription;
  const [confirming, setConfirming] = useState(false);
  const choose = useMutation({
    mutationFn: (plan: PlanId) => openPaymentPage(() => changePlan(plan)),
    meta: { errorToast: "Error changing subscription" },
    onSuccess: async (answer) => {
      if (answer.url) return void toast.info(answer.message);
      toast.success(answer.message);
      await refreshUser();
      await reload();
    },
  });
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    meta: { errorToast: "Error cancelling subscription" },
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setConfirming(false);
      await refreshUser();
      await reload();
    },
  });

  useEffect(() => {
    dialog.current?.showModal();
    void reload();
  }, [reload]);

  const plan = planOf(planInfo?.plan ?? status?.plan ?? "starter");
  return (
    <dialog ref={dialog} className="modal subscription-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="subscription-dialog__head">
        <h2 id={titleId}>Manage Subscription</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </div>

      <section className="subscription-dialog__section" aria-label="Current plan">
        <p className="subscription-dialog__plan">
          <strong>{plan.name}</strong>
          {planInfo?.is_vip && <span className="status-pill status-pill--active">VIP</span>}
        </p>
        <p className="muted">{statusLine(subscription)}</p>
      </section>

      <section className="subscription-dialog__section" aria-label="Usage">
        <h3>Usage</h3>
        {planInfo ? (
          <dl className="usage-list">
            <dt>Locations</dt>
            <dd>
              {planInfo.current_usage.locations} / {limitText(planInfo.limits.max_locations)}
            </dd>
            {planInfo.current_usage.employees_by_location.map((location) => (
              <UsageRow
                key={location.location_id}
                label={`Employees at ${location.name}`}
                used={location.employees}
              >
                {limitText(planInfo.limits.max_employees_per_location)}
              </UsageRow>
            ))}
            {planInfo.current_usage.employees_by_location.length === 0 && (
              <UsageRow label="Employees per location" used={null}>
                {limitText(planInfo.limits.max_employees_per_location)}
              </UsageRow>
            )}
          </dl>
        ) : (
          <p className="muted">{failed ? "Your plan details could not be loaded." : "Loading…"}</p>
        )}
      </section>

      <section className="subscription-dialog__section" aria-label="Change plan">
        <h3>Change plan</h3>
        <PlanCards
          current={status?.status === "trial_expired" ? null : plan.id}
          busy={choose.isPending ? choose.variables : null}
          trialAvailable={status?.trial_available ?? false}
          onChoose={(plan) => choose.mutate(plan)}
        />
      </section>

      {status?.can_cancel && (
        <section className="subscription-dialog__section" aria-label="Cancel subscription">
          {confirming ? (
            <div className="confirm-box" role="alertdialog" aria-label="Confirm cancellation">
              <p>{cancelConsequence(subscription)}</p>
              <div className="modal__actions">
                <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                  Keep my plan
                </button>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate()}
                >
                  {cancel.isPending ? "Cancelling..." : "Yes, cancel"}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="link-button link-button--danger"
              onClick={() => setConfirming(true)}
            >
              Cancel subscription
            </button>
          )}
        </section>
      )}

      <CloseAccount />
    </dialog>
  );
}

function UsageRow({ label, used, children }: { label: string; used: number | null; children: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{used === null ? `up to ${children}` : `${used} / ${children}`}</dd>
    </>
  );
}

function statusLine({ status }: Subscription): string {
  if (!status) return "";
  if (status.is_trial) {
    return `Free trial: ${dayCount(status.trial_days_remaining)} left (ends ${longDate(status.trial_ends_at)}). It continues as a paid subscription unless you cancel.`;
  }
  if (status.trial_expired) return "Your trial ended without a payment. Choose a plan to continue.";
  if (status.status === "past_due") return "Your last payment failed. Please update your payment details.";
  if (status.status === "suspended") return "Your subscription is suspended. Choose a plan to continue.";
  if (status.cancel_at_period_end)
    return `Cancelled: your plan ends on ${longDate(status.current_period_end)}.`;
  if (status.current_period_end) return `Renews on ${longDate(status.current_period_end)}.`;
  return status.plan === "starter" ? "No paid subscription yet." : "Active.";
}

function cancelConsequence({ status }: Subscription): string {
  const name = PLANS[status?.plan ?? "starter"].name;
  if (status?.status === "past_due") {
    return `Cancel your ${name} subscription now? Your account moves to Starter straight away.`;
  }
  if (status?.is_trial) {
    return `Cancel your ${name} trial now? You won't be charged for it, and your account moves to Starter straight away.`;
  }
  return `Cancel your ${name} subscription? It stays active until ${longDate(status?.current_period_end ?? null)}, then your account moves to Starter. Everything you've recorded stays readable.`;
}
