import type { Location } from "@contracts/locations";
import type { TimesheetEmployee, TimesheetEntry } from "@contracts/timesheets";
import { safeTimeZone } from "@domain/local-time";
import { addDays, formatDate, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { timesheetQuery } from "../api";
import { FIRST_MONDAY, mondayOf, todayIn, weekDates, weekKey } from "../time";
import { AddEntryDialog, EntryDialog } from "./entry-dialog";
import { TimesheetGrid } from "./timesheet-grid";
import "../timesheets.css";

type Props = {
  location: Location;
  /** After a correction: what else shows these hours is stale (the Hours tab's staff hours and badge). */
  onChanged?: () => void;
  /**
   * Opened to review sessions closed after a forgotten clock-out: the heading takes the focus, and the view
   * moves to the week of the latest entry waiting for review.
   */
  findReview?: boolean;
};

type Dialog =
  | { kind: "edit"; entry: TimesheetEntry; name: string }
  | { kind: "add"; employee: TimesheetEmployee; date: LocalDate }
  | null;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The manager's timesheets: a week per employee, day by day, with each entry's flags; an entry opens to be
 * corrected, an empty day to add a missing shift. Kiosk punches and corrections appear as they happen.
 */
export function TimesheetsView({ location, onChanged, findReview }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const timeZone = safeTimeZone(location.timezone);
  const today = todayIn(timeZone);
  const thisMonday = mondayOf(today);
  const [monday, setMonday] = useState<LocalDate>(thisMonday);
  const query = useQuery(timesheetQuery(location.id, weekKey(monday)));
  const [dialog, setDialog] = useState<Dialog>(null);
  const dates = weekDates(monday);
  const employees = query.data?.employees ?? [];
  const toCheck = employees.reduce((sum, e) => sum + e.exceptions, 0);
  const needReview = employees.reduce((sum, e) => sum + e.needs_review, 0);
  const isThisWeek = monday === thisMonday;
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
    >
      <div className="card__header">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            Timesheets
          </h2>
          <p className="muted card__subtitle timesheets__week">
            {isThisWeek ? "This week" : "Week"}: {formatDate(monday)} – {formatDate(addDays(monday, 6))}
          </p>
        </div>
        <div className="timesheets__nav">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={monday <= FIRST_MONDAY}
            onClick={() => setMonday(addDays(monday, -7))}
          >
            Previous week
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setMonday(thisMonday)}
          >
            This week
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={monday >= thisMonday}
            onClick={() => setMonday(addDays(monday, 7))}
          >
            Next week
          </button>
        </div>
      </div>
      {toCheck > 0 && (
        <p className="notice notice--warning timesheets__summary" role="status">
          {plural(toCheck, "entry", "entries")} to check
          {needReview > 0 ? `, ${plural(needReview, "needs", "need")} review` : ""}. Those employees are
          listed first.
        </p>
      )}
      {query.isError ? (
        <div className="notice notice--error" role="alert">
          <span>Failed to load the timesheet. Please try again.</span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </div>
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
          caption={`Timesheet for the week ${formatDate(monday)} – ${formatDate(addDays(monday, 6))}`}
          onOpen={(entry, name) => open({ kind: "edit", entry, name })}
          onAdd={(employee, date) => open({ kind: "add", employee, date })}
        />
      )}
      <p className="muted small timesheets__legend">
        Times are the location's ({timeZone}). Void entries are struck through and not counted.
      </p>
      {dialog?.kind === "edit" && (
        <EntryDialog
          key={dialog.entry.id}
          entry={dialog.entry}
          name={dialog.name}
          locationId={location.id}
          timeZone={timeZone}
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
