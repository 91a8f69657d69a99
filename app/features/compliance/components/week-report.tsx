import type { Location } from "@contracts/locations";
import { safeTimeZone } from "@domain/local-time";
import { addDays, type LocalDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { WeekNav } from "../../../components/week-nav";
import { COMPLIANCE_FAILED, complianceQuery } from "../api";
import { LIGHT_ORDER, mondayOf, rangeText, todayIn } from "../format";
import { EmployeeFindings } from "./employee-findings";
import { NotChecked } from "./not-checked";
import { TrafficLight } from "./traffic-light";

/**
 * A week at the location (this week first; back and forth by week): the location's light, then each
 * employee's findings, those with breaches first. Every time shown is the location's.
 */
export function WeekReport({ location }: { location: Location }) {
  const headingId = useId();
  const timeZone = safeTimeZone(location.timezone);
  const thisMonday = mondayOf(todayIn(timeZone));
  const [monday, setMonday] = useState<LocalDate>(thisMonday);
  const query = useQuery(complianceQuery(location.id, monday));
  // While the next week loads the last one stays on screen (marked busy).
  const report = query.data;
  const employees = [...(report?.employees ?? [])].sort(
    (a, b) => LIGHT_ORDER[a.light] - LIGHT_ORDER[b.light] || a.name.localeCompare(b.name, "en-GB"),
  );
  const isThisWeek = monday === thisMonday;

  return (
    <section
      className="card compliance-week"
      aria-labelledby={headingId}
      aria-busy={query.isFetching}
      data-week={monday}
    >
      <div className="card__header">
        <div>
          <h2 id={headingId}>Working time at {location.name}</h2>
          <p className="muted card__subtitle" aria-live="polite">
            {isThisWeek ? "This week" : "Week"}: {rangeText(monday, addDays(monday, 6))}
            {query.isPlaceholderData && " (loading…)"}
          </p>
        </div>
        <nav className="compliance-week__nav" aria-label="Week">
          <WeekNav monday={monday} thisMonday={thisMonday} onChange={setMonday} />
        </nav>
      </div>
      {query.isError ? (
        <RetryNotice message={COMPLIANCE_FAILED} onRetry={() => void query.refetch()} />
      ) : !report ? (
        <p className="muted">Checking working time…</p>
      ) : (
        <>
          <p className="compliance-week__light">
            <span className="compliance-week__light-label">This location:</span>{" "}
            <TrafficLight light={report.light} partlyChecked={report.not_checked.length > 0} />
          </p>
          <NotChecked rules={report.not_checked} />
          {employees.length === 0 ? (
            <div className="empty-state">
              <p>No staff at this location yet.</p>
              <p className="muted">Add employees in the Employees tab; their working time is checked here.</p>
            </div>
          ) : (
            <div className="compliance-week__employees">
              {employees.map((employee) => (
                <EmployeeFindings key={employee.employee_id} employee={employee} timeZone={timeZone} />
              ))}
            </div>
          )}
        </>
      )}
      <p className="muted small compliance-week__legend">
        Times are the location's ({timeZone}). Checked from the timesheets as corrected; the regulations'
        exceptions (such as compensatory rest agreed with staff) are not modelled, so judge each breach with
        its evidence.
      </p>
    </section>
  );
}
