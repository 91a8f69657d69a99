import type { PayPeriodOption } from "@contracts/pay";
import type { TimesheetEmployee } from "@contracts/timesheets";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { type RefObject, useState } from "react";
import { LockedButton } from "../../../components/upgrade-hint";
import { useCan } from "../../../lib/permissions";
import { PayrollExport } from "../../pay";
import { approversText, plural } from "../approval";
import { useFocusRescue } from "../use-focus-rescue";
import { UnlockDialog } from "./approval-dialogs";

// Approving a pay period (Pro and Business; docs/payroll-exports.md): everyone on its timesheet, or one employee, which
// locks their entries in it; and unlocking it again, with a reason. The server refuses an approval while
// entries need review: the manager says they have reviewed them, then approves anyway.
// The hook that approves, with its questions: ./use-pay-period-approval.tsx; the dialogs: ./approval-dialogs.tsx.

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
  // A role without pay approval (a location manager without "may approve pay") sees the status only.
  const can = useCan();
  const mayApprove = can("pay:approve");
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
          {approved > 0 && ` ${approversText(employees)}`}
        </p>
      </div>
      <div className="ts-approval__actions">
        {!locked &&
          mayApprove &&
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
          mayApprove &&
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
      {can("payroll:export") && (
        <PayrollExport
          // A new pay period starts without the last one's refusal.
          key={period.key}
          locationId={locationId}
          period={period}
          employees={employees}
          approved={locked}
          canExport={canApprove}
        />
      )}
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
