import { EMPLOYEE_STATUSES, STATUS_LABELS } from "@contracts/employees";
import type { LeaveAnalyticsResponse } from "@contracts/hours";
import { ANALYTICS_PERIOD_KEYS } from "@domain/periods";
import { useId } from "react";
import { Stat } from "../../../components/stat";
import "../employees.css";

export type AnalyticsPeriod = (typeof ANALYTICS_PERIOD_KEYS)[number];

const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  ytd: "Year to date",
  this_month: "This month",
  this_week: "This week",
};

type ViewProps = {
  data: LeaveAnalyticsResponse | null;
  period: AnalyticsPeriod;
  /** Absent in the read-only demo: the selector is shown disabled. */
  onPeriod?: (period: AnalyticsPeriod) => void;
};

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** Leave days by type for a period, and everyone's status today (the demo renders it too). */
export function LeaveAnalyticsView({ data, period, onPeriod }: ViewProps) {
  const headingId = useId();
  const selectId = useId();
  const analytics = data?.leave_analytics;
  return (
    <section className="card analytics" aria-labelledby={headingId}>
      <div className="card__header">
        <h2 id={headingId}>Leave analytics</h2>
        <div className="period-select">
          <label htmlFor={selectId}>Analytics period</label>
          <select
            id={selectId}
            value={period}
            disabled={!onPeriod}
            onChange={(e) => onPeriod?.(e.target.value as AnalyticsPeriod)}
          >
            {ANALYTICS_PERIOD_KEYS.map((key) => (
              <option key={key} value={key}>
                {PERIOD_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!analytics ? (
        <p className="muted">Loading leave analytics…</p>
      ) : (
        <>
          <div className="stat-grid stat-grid--compact">
            <Stat label="Employees" value={analytics.total_employees} />
            <Stat label="On leave now" value={analytics.employees_on_leave} />
            <Stat
              label={`Took leave (${data.period_info.period_name.toLowerCase()})`}
              value={analytics.employees_with_leave}
            />
          </div>
          <div className="analytics__columns">
            <div>
              <h3>Leave days, {data.period_info.period_name.toLowerCase()}</h3>
              <p className="muted small">Weekdays on leave up to today.</p>
              <ul className="breakdown">
                {Object.entries(analytics.leave_breakdown).map(([status, count]) => (
                  <li key={status}>
                    <span>{STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status}</span>
                    <strong>{days(count)}</strong>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Status today</h3>
              <ul className="breakdown">
                {EMPLOYEE_STATUSES.map((status) => (
                  <li key={status}>
                    <span className={`status-pill status-pill--${status}`}>{STATUS_LABELS[status]}</span>
                    <strong>{analytics.current_status_breakdown[status]}</strong>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
