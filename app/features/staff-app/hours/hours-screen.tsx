import type { StaffHoursResponse } from "@contracts/staff-hours";
import { useState } from "react";
import { data, staffApi } from "../api";
import type { StaffScreenProps } from "../screen-props";
import { useLoad } from "../use-load";
import { DayCard } from "./day-card";
import { dateAt, hoursAndMinutes, localDate, todayIn } from "./format";
import { QueryStatus } from "./query-status";
import "./hours.css";

// My hours (docs/staff-app.md): this pay period or the last, as the manager will approve it: totals first,
// then each day up to today, newest first, and every query the staff member has raised.

function Totals({ hours }: { hours: StaffHoursResponse }) {
  const { totals, period_info: period } = hours;
  return (
    <div className="staff-card">
      <h2>
        {localDate(period.start_date)} – {localDate(period.end_date)}
      </h2>
      <dl className="staff-totals">
        <div>
          <dt>Worked</dt>
          <dd>{hoursAndMinutes(totals.worked_minutes)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{hoursAndMinutes(totals.paid_minutes)}</dd>
        </div>
        <div>
          <dt>Overtime</dt>
          <dd>{hoursAndMinutes(totals.overtime_minutes)}</dd>
        </div>
      </dl>
      <p className="muted">
        {hours.approved && hours.approved_at
          ? `Approved by your manager on ${dateAt(hours.approved_at, hours.timezone)}.`
          : "Not approved yet: if something's wrong, tell your manager below."}
      </p>
    </div>
  );
}

export function HoursScreen({ me }: StaffScreenProps) {
  const [period, setPeriod] = useState<string | undefined>(undefined);
  const { loaded, reload } = useLoad(
    () => data(staffApi().me.hours.$get({ query: period ? { period } : {} })),
    period ?? "",
  );
  const queries = useLoad(() => data(staffApi().me.queries.$get()));
  const refresh = () => {
    reload();
    queries.reload();
  };
  const timeZone = me.location.timezone;
  return (
    <section aria-labelledby="staff-screen-title" className="staff-stack">
      <h1 id="staff-screen-title">Your hours</h1>
      {loaded.state === "ready" && (
        <fieldset className="staff-switch">
          <legend className="visually-hidden">Pay period</legend>
          {loaded.value.periods.map((option) => (
            <button
              key={option.key}
              type="button"
              aria-pressed={option.key === loaded.value.period_info.period}
              onClick={() => setPeriod(option.key)}
            >
              {option.name}
            </button>
          ))}
        </fieldset>
      )}
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && (
        <p className="staff-problem" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === "ready" && (
        <>
          <Totals hours={loaded.value} />
          <ul className="staff-list" aria-label="Days">
            {loaded.value.days
              .filter((day) => day.date <= todayIn(timeZone))
              .reverse()
              .map((day) => (
                <DayCard key={day.date} day={day} timeZone={timeZone} onQueried={refresh} />
              ))}
          </ul>
        </>
      )}
      {queries.loaded.state === "ready" && queries.loaded.value.queries.length > 0 && (
        <div className="staff-card">
          <h2>Your queries</h2>
          <ul className="staff-list">
            {queries.loaded.value.queries.map((query) => (
              <li key={query.id}>
                <p className="muted">About {query.date ? localDate(query.date) : "an entry"}</p>
                <QueryStatus query={query} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
