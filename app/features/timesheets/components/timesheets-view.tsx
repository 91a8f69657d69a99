import type { Location } from "@contracts/locations";
import { hasFeature } from "@domain/plans";
import { addDays, formatDate } from "@domain/time-zone";
import { useId, useRef } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { useCan } from "../../../lib/permissions";
import { plural } from "../approval";
import { useEntryDialog } from "../use-entry-dialog";
import { useTimesheetPeriod } from "../use-timesheet-period";
import { AddEntryDialog } from "./add-entry-dialog";
import { EntryDialog } from "./entry-dialog";
import { ApprovalBar } from "./pay-period-approval";
import { StaffQueries } from "./staff-queries";
import { TimesheetGrid } from "./timesheet-grid";
import { TimesheetsControls } from "./timesheets-controls";
import { usePayPeriodApproval } from "./use-pay-period-approval";
import "../timesheets.css";

type Props = {
  location: Location;
  /** The account's plan: approving a pay period is Pro and Business. */
  plan: string;
  /** After a correction: what else shows these hours is stale (the Hours tab's staff hours and badge). */
  onChanged?: () => void;
  /**
   * Opened to review sessions closed after a forgotten clock-out: the heading takes the focus, and the view
   * moves to the week of the latest entry waiting for review.
   */
  findReview?: boolean;
  /** Opened from a link to a pay period (the Monday e-mail): that period, shown by pay period. */
  initialPayPeriod?: string;
};

/**
 * The manager's timesheets: a week (or a pay period) per employee, day by day, with each entry's flags; an
 * entry opens to be corrected, an empty day to add a missing shift. Kiosk punches and corrections appear as
 * they happen. A pay period is approved here, which locks it, and unlocked with a reason.
 */
export function TimesheetsView({ location, plan, onChanged, findReview, initialPayPeriod }: Props) {
  const headingId = useId();
  const approvalStatus = useRef<HTMLParagraphElement>(null);
  const period = useTimesheetPeriod({ location, findReview, initialPayPeriod });
  const { heading, timeZone, today, thisMonday, mode, setMode, monday, setMonday, setPayKey } = period;
  const { payRules, payPeriods, payPeriod, periodKey, query, dates } = period;
  const { dialog, open, close } = useEntryDialog();
  const employees = query.data?.employees ?? [];
  const canApprove = hasFeature({ plan }, "payroll");
  const mayApprove = useCan()("pay:approve");
  const toCheck = employees.reduce((sum, e) => sum + e.exceptions, 0);
  const needReview = employees.reduce((sum, e) => sum + e.needs_review, 0);
  const isThisWeek = monday === thisMonday;
  const isThisPayPeriod = payPeriod !== null && payPeriod.key === payPeriods[0]?.key;
  const approval = usePayPeriodApproval({
    locationId: location.id,
    period: payPeriod,
    today,
    page: query.data,
    onChanged,
    fallbackFocus: approvalStatus,
  });

  return (
    <section
      className="card timesheets"
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-week={monday}
      data-period={periodKey ?? undefined}
    >
      <div className="card__header">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            Timesheets
          </h2>
          <p className="muted card__subtitle timesheets__week">
            {mode === "weeks"
              ? `${isThisWeek ? "This week" : "Week"}: ${formatDate(monday)} – ${formatDate(addDays(monday, 6))}`
              : payPeriod
                ? `${isThisPayPeriod ? "This pay period" : "Pay period"}: ${payPeriod.name}`
                : "Pay periods"}
          </p>
        </div>
        <TimesheetsControls
          mode={mode}
          setMode={setMode}
          monday={monday}
          setMonday={setMonday}
          thisMonday={thisMonday}
          payPeriods={payPeriods}
          payPeriod={payPeriod}
          setPayKey={setPayKey}
        />
      </div>
      {payPeriod && query.data && employees.length > 0 && (
        <ApprovalBar
          locationId={location.id}
          period={payPeriod}
          employees={employees}
          today={today}
          canApprove={canApprove}
          busy={approval.busy}
          onApprove={() => void approval.approve({ everyone: true })}
          onChanged={onChanged}
          statusRef={approvalStatus}
        />
      )}
      {toCheck > 0 && (
        <p className="notice notice--warning timesheets__summary" role="status">
          {plural(toCheck, "entry", "entries")} to check
          {needReview > 0 ? `, ${plural(needReview, "needs", "need")} review` : ""}. Those employees are
          listed first.
        </p>
      )}
      <StaffQueries
        locationId={location.id}
        employees={employees}
        timeZone={timeZone}
        onChanged={onChanged}
      />
      {mode === "pay" && payRules.isError ? (
        <RetryNotice
          message="Failed to load the pay periods. Please try again."
          onRetry={() => void payRules.refetch()}
        />
      ) : mode === "pay" && payRules.isPending ? (
        <p className="muted">Loading pay periods…</p>
      ) : query.isError ? (
        <RetryNotice
          message="Failed to load the timesheet. Please try again."
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <p className="muted">Loading timesheet…</p>
      ) : employees.length === 0 ? (
        <div className="empty-state">
          <p>No staff at this location yet.</p>
          <p className="muted">Add employees in the Employees tab; their hours appear here.</p>
        </div>
      ) : (
        <TimesheetGrid
          employees={employees}
          dates={dates}
          today={today}
          timeZone={timeZone}
          caption={
            payPeriod
              ? `Timesheet for the pay period ${payPeriod.name}`
              : `Timesheet for the week ${formatDate(monday)} – ${formatDate(addDays(monday, 6))}`
          }
          totalOf={payPeriod ? "this pay period" : "this week"}
          onOpen={(entry, name) =>
            open({
              kind: "edit",
              entry,
              name,
              locked: employees.some((e) => e.employee_id === entry.employee_id && e.approved_at !== null),
            })
          }
          onAdd={(employee, date) => open({ kind: "add", employee, date })}
          onApprove={
            payPeriod && canApprove && mayApprove
              ? (employee) => void approval.approve({ employee })
              : undefined
          }
          approving={approval.busy}
        />
      )}
      <p className="muted small timesheets__legend">
        Times are the location's ({timeZone}). Void entries are struck through and not counted.
        {employees.some((e) => e.approved_at !== null) &&
          " Approved employees' entries are locked: unlock the pay period to correct them."}
      </p>
      {approval.dialog}
      {dialog?.kind === "edit" && (
        <EntryDialog
          key={dialog.entry.id}
          entry={dialog.entry}
          name={dialog.name}
          locationId={location.id}
          timeZone={timeZone}
          locked={dialog.locked}
          onChanged={onChanged}
          onClose={close}
        />
      )}
      {dialog?.kind === "add" && (
        <AddEntryDialog
          key={`${dialog.employee.employee_id}-${dialog.date}`}
          employeeId={dialog.employee.employee_id}
          name={dialog.employee.name}
          date={dialog.date}
          locationId={location.id}
          timeZone={timeZone}
          onChanged={onChanged}
          onClose={close}
        />
      )}
    </section>
  );
}
