import type { Location } from "@contracts/locations";
import type { TimesheetEmployee, TimesheetEntry } from "@contracts/timesheets";
import { safeTimeZone } from "@domain/local-time";
import { hasFeature } from "@domain/plans";
import { addDays, formatDate, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { WeekNav } from "../../../components/week-nav";
import { payRulesQuery } from "../../pay";
import { timesheetQuery } from "../api";
import { datesFrom, FIRST_MONDAY, mondayOf, todayIn, weekDates, weekKey } from "../time";
import { AddEntryDialog, EntryDialog } from "./entry-dialog";
import { ApprovalBar, usePayPeriodApproval } from "./pay-period-approval";
import { TimesheetGrid } from "./timesheet-grid";
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

type Dialog =
  | { kind: "edit"; entry: TimesheetEntry; name: string; locked: boolean }
  | { kind: "add"; employee: TimesheetEmployee; date: LocalDate }
  | null;

/** Weeks, Monday to Sunday; or the location's pay periods, which are approved and locked. */
const MODES = [
  { id: "weeks", label: "Weeks" },
  { id: "pay", label: "Pay periods" },
] as const;
type Mode = (typeof MODES)[number]["id"];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The manager's timesheets: a week (or a pay period) per employee, day by day, with each entry's flags; an
 * entry opens to be corrected, an empty day to add a missing shift. Kiosk punches and corrections appear as
 * they happen. A pay period is approved here, which locks it, and unlocked with a reason.
 */
export function TimesheetsView({ location, plan, onChanged, findReview, initialPayPeriod }: Props) {
  const headingId = useId();
  const payPeriodId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const approvalStatus = useRef<HTMLParagraphElement>(null);
  const timeZone = safeTimeZone(location.timezone);
  const today = todayIn(timeZone);
  const thisMonday = mondayOf(today);
  const [mode, setMode] = useState<Mode>(initialPayPeriod ? "pay" : "weeks");
  const [monday, setMonday] = useState<LocalDate>(thisMonday);
  // The chosen pay period's key; null (or a key a new schedule no longer has) is the current one.
  const [payKey, setPayKey] = useState<string | null>(initialPayPeriod ?? null);
  const payRules = useQuery({ ...payRulesQuery(location.id), enabled: mode === "pay" });
  const payPeriods = payRules.data?.pay_periods ?? [];
  const payPeriod =
    mode === "pay" ? (payPeriods.find((p) => p.key === payKey) ?? payPeriods[0] ?? null) : null;
  const periodKey = mode === "weeks" ? weekKey(monday) : (payPeriod?.key ?? null);
  const query = useQuery({
    ...timesheetQuery(location.id, periodKey ?? ""),
    enabled: periodKey !== null,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const dates = payPeriod ? datesFrom(payPeriod.start_date, payPeriod.end_date) : weekDates(monday);
  const employees = query.data?.employees ?? [];
  const canApprove = hasFeature({ plan }, "payroll");
  const toCheck = employees.reduce((sum, e) => sum + e.exceptions, 0);
  const needReview = employees.reduce((sum, e) => sum + e.needs_review, 0);
  const isThisWeek = monday === thisMonday;
  const isThisPayPeriod = payPeriod !== null && payPeriod.key === payPeriods[0]?.key;
  // The button that opened a dialog takes the focus back when it closes (it stays through a refetch).
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: Dialog) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };

  const approval = usePayPeriodApproval({
    locationId: location.id,
    period: payPeriod,
    today,
    page: query.data,
    onChanged,
    fallbackFocus: approvalStatus,
  });

  useEffect(() => {
    if (!findReview) return;
    heading.current?.focus();
  }, [findReview]);

  // Opened to review: once the answer says where the latest entry waiting for review is, go to its week
  // (unless the manager has moved to another week meanwhile).
  const latestReview = query.data?.latest_review_date ?? null;
  useEffect(() => {
    if (!findReview || !latestReview) return;
    setMonday((current) => (current === mondayOf(today) ? mondayOf(latestReview) : current));
  }, [findReview, latestReview, today]);

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
        <div className="timesheets__controls">
          <fieldset className="timesheets__modes">
            <legend className="visually-hidden">Show timesheets by</legend>
            {MODES.map((m) => (
              <button
                key={m.id}
                type="button"
                className="timesheets__mode"
                aria-pressed={mode === m.id}
                onClick={() => setMode(m.id)}
              >
                {m.label}
              </button>
            ))}
          </fieldset>
          {mode === "weeks" ? (
            <div className="timesheets__nav">
              <WeekNav
                monday={monday}
                thisMonday={thisMonday}
                firstMonday={FIRST_MONDAY}
                onChange={setMonday}
              />
            </div>
          ) : (
            payPeriods.length > 0 && (
              <div className="period-select">
                <label htmlFor={payPeriodId}>Pay period</label>
                <select
                  id={payPeriodId}
                  value={payPeriod?.key ?? ""}
                  onChange={(e) => setPayKey(e.target.value)}
                >
                  {payPeriods.map((p, index) => (
                    <option key={p.key} value={p.key}>
                      {index === 0 ? `${p.name} (current)` : p.name}
                    </option>
                  ))}
                </select>
              </div>
            )
          )}
        </div>
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
          onApprove={payPeriod && canApprove ? (employee) => void approval.approve({ employee }) : undefined}
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
