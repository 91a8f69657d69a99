import type { EntryFlag, TimesheetDay, TimesheetEntry } from "@contracts/timesheets";
import { EXCEPTION_FLAGS } from "@contracts/timesheets";
import { formatDate, type LocalDate } from "@domain/time-zone";
import { Fragment, useId } from "react";
import { offPlan, plannedText, shiftTimes } from "../rota";
import { dayHeading, hoursAndMinutes, timeOnDay } from "../time";
import type { RowProps } from "./timesheet-grid";

// A day of one employee's row in the timesheet (./timesheet-grid.tsx): its entries, with their flags, and Add.

/** What each flag says on an entry, in the order they are shown; in progress shows as "09:00–…". */
const FLAG_LABELS: Record<Exclude<EntryFlag, "in_progress">, string> = {
  needs_review: "Needs review",
  after_approval: "After approval",
  auto_closed: "Auto-closed",
  missing_check_out: "No check-out",
  long_shift: "Very long",
  short_shift: "Very short",
  edited: "Edited",
  voided: "Void",
  staff_query: "Query",
};

const SHOWN_FLAGS = Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[];

/** "09:00–17:00", "09:00–…" while checked in, "22:00–21/11 06:00" over midnight. */
function entryTimes(entry: TimesheetEntry, date: LocalDate, timeZone: string): string {
  const start = timeOnDay(entry.check_in_at, date, timeZone);
  const end = entry.check_out_at ? timeOnDay(entry.check_out_at, date, timeZone) : "…";
  return `${start}–${end}`;
}

type CellProps = Pick<RowProps, "employee" | "timeZone" | "onOpen" | "onAdd"> & {
  date: LocalDate;
  day: TimesheetDay | undefined;
  today: boolean;
  canAdd: boolean;
};

export function DayCell({ date, day, today, employee, canAdd, timeZone, onOpen, onAdd }: CellProps) {
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
      {(day?.no_shows ?? []).map((shift) => (
        <p key={shift.shift_id} className="ts-noshow">
          <span className="ts-flag ts-flag--warning">No-show</span> {shiftTimes(shift, timeZone)}
          <span className="visually-hidden"> planned, with no entry</span>
        </p>
      ))}
      {day?.queries?.some((query) => query.open) && (
        <p className="ts-noshow">
          <span className="ts-flag ts-flag--warning">Query</span> from the staff app: see Staff queries
        </p>
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
  const plan = voided ? null : plannedText(entry, timeZone);
  const classes = ["ts-entry__button"];
  if (check || offPlan(entry)) classes.push("ts-entry__button--check");
  if (voided) classes.push("entry--void");
  return (
    <li className="ts-entry">
      <button
        type="button"
        className={classes.join(" ")}
        aria-label={`${voided ? "Void entry" : "Entry"} ${times}${entry.check_out_at ? "" : " (still checked in)"} for ${name} on ${formatDate(date)}`}
        aria-describedby={flags.length > 0 || plan ? flagsId : undefined}
        onClick={() => onOpen(entry, name)}
      >
        {times}
      </button>
      {(flags.length > 0 || plan) && (
        <span id={flagsId} className="ts-entry__flags">
          {plan && (
            <span className={offPlan(entry) ? "ts-plan ts-plan--off" : "ts-plan"}>
              {plan}
              {flags.length > 0 && <span className="visually-hidden">, </span>}
            </span>
          )}
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
