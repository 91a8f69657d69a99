import type { PayPeriodOption } from "@contracts/pay";
import type { LocalDate } from "@domain/time-zone";
import { type ReactNode, type RefObject, useState } from "react";
import { ApiFailure, detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { type Approval, timesheetChanges, useTimesheetChange } from "../api";
import { APPROVE_FAILED, plural, type Target, targetName } from "../approval";
import { useFocusRescue } from "../use-focus-rescue";
import { ReviewedDialog, UnfinishedDialog } from "./approval-dialogs";

type ApprovalContext = {
  locationId: string;
  /** The pay period shown; null while weeks are. */
  period: PayPeriodOption | null;
  /** The location's date today: a period not yet ended is approved only once the manager confirms it. */
  today: LocalDate;
  /** The timesheet's answer: when a new one arrives, the button the focus was on may have gone. */
  page: unknown;
  onChanged?: () => void;
  /** Where the focus goes when a dialog closes and the button that opened it has gone. */
  fallbackFocus: RefObject<HTMLElement | null>;
};

/**
 * Approves the pay period for a target. A refusal because entries need review opens a dialog that shows it,
 * where the manager confirms they reviewed them and approves anyway; any other failure is toasted.
 */
export function usePayPeriodApproval({
  locationId,
  period,
  today,
  page,
  onChanged,
  fallbackFocus,
}: ApprovalContext) {
  const [confirming, setConfirming] = useState<{ target: Target; detail: string } | null>(null);
  // Approving a period that has not ended yet waits for the manager's "Approve now".
  const [unfinished, setUnfinished] = useState<Target | null>(null);
  const focus = useFocusRescue(fallbackFocus, page);
  const mutation = useTimesheetChange(
    locationId,
    (body: Approval) => timesheetChanges.approve(locationId, body),
    onChanged,
  );

  async function send(payPeriod: PayPeriodOption, target: Target, reviewed: boolean) {
    const answer = await mutation.mutateAsync({
      period: payPeriod.key,
      ...("employee" in target ? { employee_ids: [target.employee.employee_id] } : {}),
      ...(reviewed ? { reviewed_exceptions: true } : {}),
    });
    const name = targetName(target);
    const count = answer.approved.length;
    toast.success(
      name
        ? `${name}'s pay period is approved and locked`
        : count === 0
          ? "Everyone was already approved for this pay period"
          : `Pay period approved and locked for ${plural(count, "employee", "employees")}`,
    );
  }

  async function approve(target: Target) {
    if (!period || mutation.isPending) return;
    // Remembered now: the answer may take a moment, and the page changes meanwhile.
    focus.remember();
    if (period.end_date >= today) return setUnfinished(target);
    await approveNow(target);
  }

  async function approveNow(target: Target) {
    if (!period) return;
    try {
      await send(period, target, false);
      focus.check(true);
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 409) {
        setConfirming({ target, detail: failure.detail ?? "Some entries still need review." });
        return;
      }
      toast.error(detailOr(failure, APPROVE_FAILED));
    }
  }

  const close = (changed: boolean) => {
    setConfirming(null);
    focus.check(changed);
  };

  let dialog: ReactNode = null;
  if (unfinished && period) {
    dialog = (
      <UnfinishedDialog
        period={period}
        target={unfinished}
        onApprove={() => {
          setUnfinished(null);
          void approveNow(unfinished);
        }}
        onClose={() => {
          setUnfinished(null);
          focus.check(false);
        }}
      />
    );
  } else if (confirming && period) {
    dialog = (
      <ReviewedDialog
        period={period}
        target={confirming.target}
        detail={confirming.detail}
        busy={mutation.isPending}
        onApprove={async () => {
          await send(period, confirming.target, true);
          close(true);
        }}
        onClose={() => close(false)}
      />
    );
  }

  return { approve, busy: mutation.isPending, dialog };
}
