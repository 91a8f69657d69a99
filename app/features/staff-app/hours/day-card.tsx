import type { StaffCorrection, StaffHoursDay, StaffHoursEntry } from "@contracts/staff-hours";
import { useState } from "react";
import { dateAt, dayHeading, hoursAndMinutes, timeAt } from "./format";
import { QueryForm } from "./query-form";
import { QueryStatus } from "./query-status";

// One day of My hours: its entries as the manager will approve them, corrections told as corrections with
// their reason, the staff member's queries, and "Something's wrong" (or, on a day without an entry, "I worked
// but there's no entry").

const CORRECTED: Record<StaffCorrection["kind"], string> = {
  added: "Added by your manager",
  edited: "Corrected by your manager",
  voided: "Removed by your manager",
};

function EntryRow({
  entry,
  timeZone,
  onQueried,
}: {
  entry: StaffHoursEntry;
  timeZone: string;
  onQueried: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const until = entry.check_out_at ? timeAt(entry.check_out_at, timeZone) : "now";
  const open = entry.queries.some((q) => q.open);
  return (
    <li className={`staff-entry${entry.voided ? " staff-entry--void" : ""}`}>
      <p className="staff-entry__times">
        <span>
          {timeAt(entry.check_in_at, timeZone)}–{until}
        </span>
        <span>{entry.voided ? "Doesn't count" : `${hoursAndMinutes(entry.worked_minutes)} worked`}</span>
      </p>
      {entry.breaks.length > 0 && (
        <p className="muted">
          Breaks:{" "}
          {entry.breaks
            .map((b) => `${timeAt(b.start_at, timeZone)}–${b.end_at ? timeAt(b.end_at, timeZone) : "now"}`)
            .join(", ")}
        </p>
      )}
      {entry.planned && (
        <p className="muted">
          Planned {timeAt(entry.planned.start_at, timeZone)}–{timeAt(entry.planned.end_at, timeZone)}
        </p>
      )}
      {entry.correction && (
        <p className="staff-entry__correction">
          {CORRECTED[entry.correction.kind]} on {dateAt(entry.correction.at, timeZone)}:{" "}
          {entry.correction.reason}
        </p>
      )}
      {entry.queries.map((query) => (
        <QueryStatus key={query.id} query={query} timeZone={timeZone} />
      ))}
      {asking ? (
        <QueryForm
          about={{ entry_id: entry.id }}
          onCancel={() => setAsking(false)}
          onSent={() => {
            setAsking(false);
            onQueried();
          }}
        />
      ) : (
        !open && (
          <button type="button" className="staff-button staff-button--quiet" onClick={() => setAsking(true)}>
            Something's wrong
          </button>
        )
      )}
    </li>
  );
}

export function DayCard({
  day,
  timeZone,
  onQueried,
}: {
  day: StaffHoursDay;
  timeZone: string;
  onQueried: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const empty = day.entries.length === 0;
  const open = day.queries.some((q) => q.open);
  return (
    <li className="staff-card staff-day">
      <h3 className="staff-day__heading">
        <span>{dayHeading(day.date)}</span>
        {!empty && <span>{hoursAndMinutes(day.worked_minutes)}</span>}
      </h3>
      {empty ? (
        <p className="muted">No entry</p>
      ) : (
        <ul className="staff-list">
          {day.entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} timeZone={timeZone} onQueried={onQueried} />
          ))}
        </ul>
      )}
      {day.break_assumed && (
        <p className="muted">A break of {day.break_minutes}m was taken off, as set for you.</p>
      )}
      {day.queries.map((query) => (
        <QueryStatus key={query.id} query={query} timeZone={timeZone} />
      ))}
      {empty &&
        !open &&
        (asking ? (
          <QueryForm
            about={{ date: day.date }}
            onCancel={() => setAsking(false)}
            onSent={() => {
              setAsking(false);
              onQueried();
            }}
          />
        ) : (
          <button type="button" className="staff-button staff-button--quiet" onClick={() => setAsking(true)}>
            I worked but there's no entry
          </button>
        ))}
    </li>
  );
}
