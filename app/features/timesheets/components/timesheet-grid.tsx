import type { EntryFlag, TimesheetDay, TimesheetEmployee, TimesheetEntry } from "@contracts/timesheets";
import { EXCEPTION_FLAGS } from "@contracts/timesheets";
import { formatDate, formatDateAt, type LocalDate } from "@domain/time-zone";
import { type CSSProperties, Fragment, useId } from "react";
import { dayHeading, dayName, hoursAndMinutes, timeOnDay } from "../time";

type Props = {
  employees: TimesheetEmployee[];
  /** The period's dates in order: a week's seven, Monday first, or a pay period's 7, 14, 28 or a month's. */
  dates: LocalDate[];
  /** The location's date today: no shift can be added after it. */
  today: LocalDate;
  timeZone: string;
  caption: string;
  /** How each employee's total is read out: "this week", "this pay period". */
  totalOf: string;
  onOpen: (entry: TimesheetEntry, name: string) => void;
  onAdd: (employee: TimesheetEmployee, date: LocalDate) => void;
  /** A pay period on a plan with approval: each employee not yet approved gets an Approve button. */
  onApprove?: (employee: TimesheetEmployee) => void;
  /** An approval is under way: the Approve buttons say so, and a click on one is ignored. */
  approving?: boolean;
};

/** What each flag says on an entry, in the order they are shown; in progress shows as "09:00–…". */
export const FLAG_LABELS: Record<Exclude<EntryFlag, "in_progress">, string> = {
  needs_review: "Needs review",
  after_approval: "After approval",
  auto_closed: "Auto-closed",
  missing_check_out: "No check-out",
  long_shift: "Very long",
  short_shift: "Very short",
  edited: "Edited",
  voided: "Void",
};

const SHOWN_FLAGS = Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[];

/** "09:00–17:00", "09:00–…" while checked in, "22:00–21/11 06:00" over midnight. */
export function entryTimes(entry: TimesheetEntry, date: LocalDate, timeZone: string): string {
  const start = timeOnDay(entry.check_in_at, date, timeZone);
  const end = entry.check_out_at ? timeOnDay(entry.check_out_at, date, timeZone) : "…";
  return `${start}–${end}`;
}

/**
 * The grid: a row per employee (exceptions first, as the API orders them), a column per day. An employee
 * whose period is approved is locked: the row says who approved it, and offers no Add.
 */
export function TimesheetGrid({ employees, dates, caption, ...rest }: Props) {
  const { today } = rest;
  // A column per day, each wide enough for its entries: a month's grid scrolls sideways.
  const width = { "--days": dates.length } as CSSProperties;
  return (
    <div className="timesheet-wrap">
      <table className="timesheet" style={width}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="timesheet__corner">
              Employee
            </th>
            {dates.map((date) => (
              <th
                key={date}
                scope="col"
                className={date === today ? "timesheet__day timesheet__day--today" : "timesheet__day"}
                aria-label={date === today ? `${dayName(date)}, today` : dayName(date)}
              >
                {dayHeading(date)}
                {date === today && <span className="timesheet__today">Today</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => (
            <EmployeeRow key={employee.employee_id} employee={employee} dates={dates} {...rest} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = Omit<Props, "employees" | "caption"> & { employee: TimesheetEmployee };

function EmployeeRow(props: RowProps) {
  const { employee, dates, today, timeZone, totalOf, onOpen, onAdd, onApprove, approving } = props;
  const byDate = new Map(employee.days.map((day) => [day.date, day]));
  const approved = employee.approved_at !== null;
  const classes = ["timesheet__row"];
  if (approved) classes.push("timesheet__row--approved");
  if (employee.exceptions > 0) classes.push("timesheet__row--check");
  return (
    <tr className={classes.join(" ")}>
      <th scope="row" className="timesheet__who">
        <span className="timesheet__name">{employee.name}</span>
        {employee.deleted && <span className="status-pill status-pill--inactive">Left</span>}
        <span className="timesheet__total">
          {hoursAndMinutes(employee.worked_minutes)}
          <span className="visually-hidden"> worked {totalOf}</span>
        </span>
        {employee.exceptions > 0 && (
          <span className="ts-flag ts-flag--warning timesheet__to-check">{employee.exceptions} to check</span>
        )}
        {employee.approved_at !== null && (
          <span className="timesheet__approved">
            Approved by {employee.approved_by ?? "a manager"} on{" "}
            {formatDateAt(Date.parse(employee.approved_at), timeZone)}
          </span>
        )}
        {!approved && onApprove && (
          <button
            type="button"
            className="button button--ghost button--small timesheet__approve"
            // Not disabled while an approval runs (it would lose the focus): the click waits its turn.
            aria-disabled={approving || undefined}
            aria-label={`Approve ${employee.name}'s pay period`}
            onClick={() => onApprove(employee)}
          >
            Approve
          </button>
        )}
      </th>
      {dates.map((date) => (
        <DayCell
          key={date}
          date={date}
          day={byDate.get(date)}
          today={date === today}
          employee={employee}
          canAdd={date <= today && !employee.deleted && !approved}
          timeZone={timeZone}
          onOpen={onOpen}
          onAdd={onAdd}
        />
      ))}
    </tr>
  );
}

type CellProps = Pick<RowProps, "employee" | "timeZone" | "onOpen" | "onAdd"> & {
  date: LocalDate;
  day: TimesheetDay | undefined;
  today: boolean;
  canAdd: boolean;
};

function DayCell({ date, day, today, employee, canAdd, timeZone, onOpen, onAdd }: CellProps) {
  const entries = day?.entries ?? [];
  const worked = day?.worked_minutes ?? 0;
  const classes = ["timesheet__cell"];
  if (day?.needs_review) classes.push("timesheet__cell--review");
  if (entries.length === 0) classes.push("timesheet__cell--empty");
  return (
    // data-day: on a phone the grid is a list of days per employee, and each cell shows its day.
    <td className={classes.join(" ")} data-day={today ? `${dayHeading(date)} · Today` : dayHeading(date)}>
      {entries.length > 0 && (
        <ul className="ts-entries">
          {entries.map((entry) => (
            <EntryItem
              key={entry.id}
              entry={entry}
              date={date}
              name={employee.name}
              timeZone={timeZone}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
      {(worked > 0 || day?.break_assumed) && (
        <p className="ts-day">
          {worked > 0 && (
            <span className="ts-day__worked">
              {hoursAndMinutes(worked)}
              <span className="visually-hidden"> worked</span>
            </span>
          )}
          {day?.break_assumed && (
            <span
              className="ts-flag ts-flag--info"
              title="No break was clocked: the standard break was deducted"
            >
              Break assumed
            </span>
          )}
        </p>
      )}
      {canAdd && (
        <button
          type="button"
          className={entries.length > 0 ? "ts-add ts-add--more" : "ts-add"}
          aria-label={`Add entry for ${employee.name} on ${formatDate(date)}`}
          onClick={() => onAdd(employee, date)}
        >
          Add
        </button>
      )}
    </td>
  );
}

function EntryItem({
  entry,
  date,
  name,
  timeZone,
  onOpen,
}: {
  entry: TimesheetEntry;
  date: LocalDate;
  name: string;
  timeZone: string;
  onOpen: (entry: TimesheetEntry, name: string) => void;
}) {
  const flagsId = useId();
  const flags = SHOWN_FLAGS.filter((flag) => entry.flags.includes(flag));
  const voided = entry.flags.includes("voided");
  const check = entry.flags.some((flag) => EXCEPTION_FLAGS.has(flag));
  const times = entryTimes(entry, date, timeZone);
  const classes = ["ts-entry__button"];
  if (check) classes.push("ts-entry__button--check");
  if (voided) classes.push("entry--void");
  return (
    <li className="ts-entry">
      <button
        type="button"
        className={classes.join(" ")}
        aria-label={`${voided ? "Void entry" : "Entry"} ${times}${entry.check_out_at ? "" : " (still checked in)"} for ${name} on ${formatDate(date)}`}
        aria-describedby={flags.length > 0 ? flagsId : undefined}
        onClick={() => onOpen(entry, name)}
      >
        {times}
      </button>
      {flags.length > 0 && (
        <span id={flagsId} className="ts-entry__flags">
          {flags.map((flag, index) => (
            // A space between badges, so the entry's description reads "Needs review, Auto-closed".
            <Fragment key={flag}>
              {index > 0 && <span className="visually-hidden">, </span>}
              <span className={`ts-flag ts-flag--${toneOf(flag)}`}>{FLAG_LABELS[flag]}</span>
            </Fragment>
          ))}
        </span>
      )}
    </li>
  );
}

const toneOf = (flag: EntryFlag) =>
  flag === "voided" ? "void" : flag === "edited" ? "info" : EXCEPTION_FLAGS.has(flag) ? "warning" : "info";
