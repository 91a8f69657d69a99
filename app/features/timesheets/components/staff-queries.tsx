import type { TimesheetEmployee, TimesheetEntry, TimesheetQuery } from "@contracts/timesheets";
import { formatDate, formatDateAt } from "@domain/time-zone";
import { useId, useState } from "react";
import { useCan } from "../../../lib/permissions";
import { timesheetChanges, useTimesheetChange } from "../api";
import { timeOf } from "../time";

// Staff queries on the timesheet (docs/staff-app.md): what staff said was wrong from the staff app, on an
// entry or a day without one, each with an answer box. An open query is an exception: approval waits for an
// answer, or for the manager to confirm they reviewed it.

type Asked = { query: TimesheetQuery; name: string; about: string };

/** Every query of the period once (an entry over midnight is listed on both its days), open ones first. */
function queriesOf(employees: readonly TimesheetEmployee[], timeZone: string): Asked[] {
  const seen = new Map<string, Asked>();
  const entryText = (entry: TimesheetEntry) =>
    `entry of ${formatDateAt(Date.parse(entry.check_in_at), timeZone)} ${timeOf(entry.check_in_at, timeZone)}–${entry.check_out_at ? timeOf(entry.check_out_at, timeZone) : "…"}`;
  for (const employee of employees) {
    for (const day of employee.days) {
      for (const entry of day.entries) {
        for (const query of entry.queries ?? []) {
          seen.set(query.id, { query, name: employee.name, about: entryText(entry) });
        }
      }
      for (const query of day.queries ?? []) {
        seen.set(query.id, { query, name: employee.name, about: `${formatDate(day.date)}, no entry` });
      }
    }
  }
  return [...seen.values()].sort((a, b) => Number(b.query.open) - Number(a.query.open));
}

export function StaffQueries({
  locationId,
  employees,
  timeZone,
  onChanged,
}: {
  locationId: string;
  employees: readonly TimesheetEmployee[];
  timeZone: string;
  onChanged?: () => void;
}) {
  const headingId = useId();
  const asked = queriesOf(employees, timeZone);
  if (asked.length === 0) return null;
  return (
    <section className="ts-queries" aria-labelledby={headingId}>
      <h3 id={headingId}>Staff queries</h3>
      <ul>
        {asked.map((item) => (
          <QueryItem
            key={item.query.id}
            item={item}
            locationId={locationId}
            timeZone={timeZone}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </section>
  );
}

function QueryItem({
  item,
  locationId,
  timeZone,
  onChanged,
}: {
  item: Asked;
  locationId: string;
  timeZone: string;
  onChanged?: () => void;
}) {
  const { query, name, about } = item;
  const answerId = useId();
  const mayEdit = useCan()("timesheets:edit");
  const [answer, setAnswer] = useState("");
  const send = useTimesheetChange(
    locationId,
    (text: string) => timesheetChanges.answerQuery(locationId, query.id, text),
    onChanged,
  );
  return (
    <li className={query.open ? "ts-query ts-query--open" : "ts-query"}>
      <p>
        <strong>{name}</strong> about their {about}, on {formatDateAt(Date.parse(query.created_at), timeZone)}
        :
      </p>
      <blockquote>{query.note}</blockquote>
      {query.answer !== null && query.answered_at !== null ? (
        <p className="muted">
          Answered by {query.answered_by ?? "a manager"} on{" "}
          {formatDateAt(Date.parse(query.answered_at), timeZone)}: {query.answer}
        </p>
      ) : query.reviewed ? (
        <p className="muted">Reviewed with the approval.</p>
      ) : null}
      {query.answer === null && mayEdit && (
        <form
          className="ts-query__form"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(answer);
          }}
        >
          <label htmlFor={answerId}>Answer {name}</label>
          <textarea
            id={answerId}
            rows={2}
            maxLength={500}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {send.isError && (
            <p className="notice notice--error" role="alert">
              {send.error.message}
            </p>
          )}
          <button
            type="submit"
            className="button button--small"
            disabled={send.isPending || answer.trim() === ""}
          >
            {send.isPending ? "Sending…" : "Send answer"}
          </button>
        </form>
      )}
    </li>
  );
}
