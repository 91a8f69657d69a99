import type { TimesheetEmployee, TimesheetEntry } from "@contracts/timesheets";
import { formatDateAt, type LocalDate } from "@domain/time-zone";
import type { CSSProperties } from "react";
import { useCan } from "../../../lib/permissions";
import { dayHeading, dayName, hoursAndMinutes } from "../time";
import { DayCell } from "./timesheet-day-cell";

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

export type RowProps = Omit<Props, "employees" | "caption"> & { employee: TimesheetEmployee };

function EmployeeRow(props: RowProps) {
  const mayEdit = useCan()("timesheets:edit");
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
          canAdd={mayEdit && date <= today && !employee.deleted && !approved}
          timeZone={timeZone}
          onOpen={onOpen}
          onAdd={onAdd}
        />
      ))}
    </tr>
  );
}
