import type { PayPeriodOption } from "@contracts/pay";
import { unlockRequest } from "@contracts/timesheets";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { timesheetChanges, useTimesheetChange } from "../api";
import { APPROVE_FAILED, plural, type Target, targetName, UNLOCK_FAILED } from "../approval";
import { dayAndMonth } from "../time";
import { ReasonField } from "./entry-fields";

// The pay period approval's questions (./pay-period-approval.tsx): approve a period that has not ended,
// approve with entries still to review, and unlock with a reason.

/** "This period runs to Sunday 29/11. Approve it now?": a period that has not ended is approved on purpose. */
export function UnfinishedDialog({
  period,
  target,
  onApprove,
  onClose,
}: {
  period: PayPeriodOption;
  target: Target;
  onApprove: () => void;
  onClose: () => void;
}) {
  const name = targetName(target);
  return (
    <Modal
      title={name ? `Approve ${name}'s pay period early?` : "Approve this pay period early?"}
      submitLabel="Approve now"
      onSubmit={onApprove}
      onClose={onClose}
    >
      <div className="approval-dialog">
        <p>This period runs to {dayAndMonth(period.end_date)}. Approve it now?</p>
        <p className="muted">
          Its entries lock when it is approved. A kiosk punch before it ends is still recorded, flagged as
          punched after approval for you to review; unlock the period to correct it.
        </p>
      </div>
    </Modal>
  );
}

/** The server's "entries still need review", a checkbox to say they have been, and "Approve anyway". */
export function ReviewedDialog({
  period,
  target,
  detail,
  busy,
  onApprove,
  onClose,
}: {
  period: PayPeriodOption;
  target: Target;
  detail: string;
  busy: boolean;
  onApprove: () => Promise<void>;
  onClose: () => void;
}) {
  const [reviewed, setReviewed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = targetName(target);

  async function submit() {
    if (!reviewed) return setError("Tick “I have reviewed these entries” to approve anyway.");
    setError(null);
    try {
      await onApprove();
    } catch (failure) {
      setError(detailOr(failure, APPROVE_FAILED));
    }
  }

  return (
    <Modal
      title={name ? `Approve ${name}'s pay period, ${period.name}` : `Approve the pay period ${period.name}`}
      submitLabel="Approve anyway"
      busyLabel="Approving..."
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="approval-dialog">
        <p className="notice notice--warning">{detail}</p>
        <p>
          Entries flagged in the timesheet (closed after a forgotten clock-out, punched after approval, or
          still open) are approved as they are, and marked reviewed.
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={reviewed}
            disabled={busy}
            onChange={(e) => {
              setReviewed(e.target.checked);
              if (e.target.checked) setError(null);
            }}
          />
          I have reviewed these entries
        </label>
        {error && (
          <p className="notice notice--error approval-dialog__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** Asks why (kept with the approval's history), then unlocks the pay period for everyone approved in it. */
export function UnlockDialog({
  locationId,
  period,
  onChanged,
  onClose,
}: {
  locationId: string;
  period: PayPeriodOption;
  onChanged?: () => void;
  /** `changed`: it was unlocked, and the timesheet is being fetched again. */
  onClose: (changed: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const unlock = useTimesheetChange(
    locationId,
    (why: string) => timesheetChanges.unlock(locationId, period.key, why),
    onChanged,
  );

  async function submit() {
    setError(null);
    if (!reason.trim()) return setError("Give a reason for unlocking.");
    const parsed = unlockRequest.safeParse({ period: period.key, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? UNLOCK_FAILED);
    try {
      const answer = await unlock.mutateAsync(parsed.data.reason);
      toast.success(
        `Pay period unlocked for ${plural(answer.unlocked, "employee", "employees")}: it can be corrected again`,
      );
      // Timesheets already in Xero Payroll (docs/xero.md, "Unlocking") must be sent or redone again.
      if (answer.xero_warning) toast.info(answer.xero_warning);
    } catch (failure) {
      return setError(detailOr(failure, UNLOCK_FAILED));
    }
    onClose(true);
  }

  return (
    <Modal
      title={`Unlock the pay period ${period.name}`}
      submitLabel="Unlock pay period"
      busyLabel="Unlocking..."
      busy={unlock.isPending}
      onSubmit={() => void submit()}
      onClose={() => onClose(false)}
    >
      <div className="approval-dialog">
        <p>
          Entries in this pay period can be corrected again, and everyone approved in it needs approving
          again. Your reason is kept with the approval's history.
        </p>
        <ReasonField
          label="Reason for unlocking"
          value={reason}
          onChange={setReason}
          disabled={unlock.isPending}
          focusOnMount
        />
        {error && (
          <p className="notice notice--error approval-dialog__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
