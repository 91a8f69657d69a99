import type { PayPeriodOption } from "@contracts/pay";
import { type TimesheetEmployee, unlockRequest } from "@contracts/timesheets";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Modal } from "../../../components/modal";
import { LockedButton } from "../../../components/upgrade-hint";
import { ApiFailure, detailOr } from "../../../lib/api";
import { PayrollExport } from "../../pay";
import { type Approval, timesheetChanges, useTimesheetChange } from "../api";
import { dayAndMonth } from "../time";
import { ReasonField } from "./entry-fields";

// Approving a pay period (Pro and Business; docs/payroll-exports.md): everyone on its timesheet, or one employee, which
// locks their entries in it; and unlocking it again, with a reason. The server refuses an approval while
// entries need review: the manager says they have reviewed them, then approves anyway.

const APPROVE_FAILED = "Could not approve the pay period. Please try again.";
const UNLOCK_FAILED = "Could not unlock the pay period. Please try again.";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who an approval is for: everyone on the timesheet, or one employee. */
type Target = { employee: TimesheetEmployee } | { everyone: true };

const targetName = (target: Target) => ("employee" in target ? target.employee.name : null);

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
 * Where the focus goes when an action ends and has lost it: a dialog that held it closed, or the button that
 * held it went (Approve is replaced by Unlock, or by "Approved by …", once the new timesheet arrives). It
 * goes back to the element that started the action if that is still there, otherwise to the fallback. It
 * is only ever moved when lost (on the page's body), after the render that closes the dialog and, when the
 * action changed something, after the new timesheet (`page`) has arrived too.
 */
function useFocusRescue(fallback: RefObject<HTMLElement | null>, page: unknown) {
  const opener = useRef<HTMLElement | null>(null);
  const pending = useRef<{ opener: HTMLElement | null; page: unknown; changed: boolean } | null>(null);
  const [checks, setChecks] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` and `page` say when to look again.
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    const settled = !wanted.changed || page !== wanted.page;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) {
      const target = wanted.opener?.isConnected ? wanted.opener : settled ? fallback.current : null;
      target?.focus();
    }
    if (settled) pending.current = null;
  }, [checks, page, fallback]);
  return {
    /** The element focused as the action starts (the answer takes a moment; the page changes meanwhile). */
    remember() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    /** The action has ended; `changed`: the timesheet is being fetched again. */
    check(changed: boolean) {
      pending.current = { opener: opener.current, page, changed };
      setChecks((n) => n + 1);
    },
  };
}

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

/** "This period runs to Sunday 29/11. Approve it now?": a period that has not ended is approved on purpose. */
function UnfinishedDialog({
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
function ReviewedDialog({
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

type BarProps = {
  locationId: string;
  period: PayPeriodOption;
  employees: TimesheetEmployee[];
  today: LocalDate;
  /** The plan includes approval (Pro, Business); otherwise the buttons are upgrade hints. */
  canApprove: boolean;
  busy: boolean;
  onApprove: () => void;
  onChanged?: () => void;
  /** The bar's status line: it takes the focus when the button that opened a dialog has gone. */
  statusRef: RefObject<HTMLParagraphElement | null>;
};

/**
 * Over a pay period's timesheet: how far its approval has gone, "Approve pay period", and once anyone is
 * approved, "Unlock pay period". When everyone is approved the period is locked, and says so, and it can be
 * downloaded for payroll.
 */
export function ApprovalBar({
  locationId,
  period,
  employees,
  today,
  canApprove,
  busy,
  onApprove,
  onChanged,
  statusRef,
}: BarProps) {
  const [unlocking, setUnlocking] = useState(false);
  // The employees are the timesheet answer's own: a new answer, a new array.
  const focus = useFocusRescue(statusRef, employees);
  const approved = employees.filter((e) => e.approved_at !== null).length;
  const locked = employees.length > 0 && approved === employees.length;
  const running = period.end_date >= today;

  const status = locked
    ? `Approved and locked: ${plural(approved, "employee", "employees")}. Unlock the pay period to correct it.`
    : approved > 0
      ? `${approved} of ${plural(employees.length, "employee", "employees")} approved; their entries are locked.`
      : "Not approved yet.";

  return (
    <div className={locked ? "ts-approval ts-approval--locked" : "ts-approval"}>
      <div className="ts-approval__status">
        {locked && (
          <span className="ts-lock">
            <LockIcon />
            Locked
          </span>
        )}
        <p ref={statusRef} tabIndex={-1} className="ts-approval__text">
          {status}
          {!locked && running && ` This pay period runs until ${formatDate(period.end_date)}.`}
        </p>
      </div>
      <div className="ts-approval__actions">
        {!locked &&
          (canApprove ? (
            // Not disabled while busy (it would lose the focus): a second click waits for the first.
            <button
              type="button"
              className="button button--small"
              aria-disabled={busy || undefined}
              onClick={onApprove}
            >
              {busy ? "Approving..." : "Approve pay period"}
            </button>
          ) : (
            <LockedButton feature="payroll" label="Approve pay period" />
          ))}
        {approved > 0 &&
          (canApprove ? (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={busy}
              onClick={() => {
                focus.remember();
                setUnlocking(true);
              }}
            >
              Unlock pay period
            </button>
          ) : (
            <LockedButton feature="payroll" label="Unlock pay period" />
          ))}
      </div>
      <PayrollExport
        // A new pay period starts without the last one's refusal.
        key={period.key}
        locationId={locationId}
        period={period}
        employees={employees}
        approved={locked}
        canExport={canApprove}
      />
      {unlocking && (
        <UnlockDialog
          locationId={locationId}
          period={period}
          onChanged={onChanged}
          onClose={(changed) => {
            setUnlocking(false);
            focus.check(changed);
          }}
        />
      )}
    </div>
  );
}

/** Asks why (kept with the approval's history), then unlocks the pay period for everyone approved in it. */
function UnlockDialog({
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

/** A padlock, for the eye: the word beside it says the same. */
function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
      />
    </svg>
  );
}
