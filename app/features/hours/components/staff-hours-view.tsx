import { type PeriodInfo, STAFF_SEARCH_LIMIT, type StaffHoursRow } from "@contracts/hours";
import { useId } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { LockedButton } from "../../../components/upgrade-hint";
import { barPercent, dateRange, shortDuration } from "../format";
import { STAFF_HOURS_FAILED } from "../messages";
import "../hours.css";

type Props = {
  rows: StaffHoursRow[];
  periodInfo?: PeriodInfo;
  search: string;
  /** Absent in the read-only demo: the search box is shown disabled. */
  onSearch?: (value: string) => void;
  /** Absent in the demo: CSV buttons are shown disabled. */
  onDownload?: (row: StaffHoursRow) => void;
  onDownloadAll?: () => void;
  /** The plan has no CSV export: the buttons become upgrade hints. */
  csvLocked?: boolean;
  /** Which download is running: an employee id, or "all". */
  downloading?: string | null;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** Sessions closed automatically after a forgotten clock-out, not yet reviewed (the whole location's). */
  needingReview?: number;
  /** Opens the Timesheets view, where those sessions are reviewed; absent in the demo. */
  onReview?: () => void;
};

/** The notice over the staff hours. */
const closedAutomaticallyText = (count: number) =>
  count === 1
    ? "1 session was closed automatically after a forgotten clock-out and needs review."
    : `${count} sessions were closed automatically after a forgotten clock-out and need review.`;

/** The Hours tab's Staff Hours Overview; the dashboard and the landing page's demo both render it. */
export function StaffHoursView(props: Props) {
  const {
    rows,
    periodInfo,
    search,
    onSearch,
    onDownloadAll,
    csvLocked,
    downloading,
    loading,
    needingReview,
    onReview,
  } = props;
  const headingId = useId();
  const searchId = useId();
  return (
    <section className="card staff-hours" aria-labelledby={headingId} aria-busy={loading}>
      <div className="card__header">
        <div>
          <h2 id={headingId}>Staff Hours Overview</h2>
          {periodInfo && (
            <p className="muted card__subtitle">
              {periodInfo.period_name}: {dateRange(periodInfo.start_date, periodInfo.end_date)}
            </p>
          )}
        </div>
        {csvLocked ? (
          <LockedButton feature="csvExport" label="Download All" />
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={!onDownloadAll || rows.length === 0 || downloading === "all"}
            onClick={onDownloadAll}
          >
            {downloading === "all" ? "Downloading..." : "Download All"}
          </button>
        )}
      </div>
      {needingReview ? (
        <div className="notice notice--warning staff-hours__review" role="status">
          <span>{closedAutomaticallyText(needingReview)}</span>
          {onReview && (
            <button type="button" className="button button--small" onClick={onReview}>
              Review in Timesheets
            </button>
          )}
        </div>
      ) : null}
      <label htmlFor={searchId} className="visually-hidden">
        Search staff
      </label>
      <input
        id={searchId}
        className="search-input"
        type="search"
        placeholder="Search by name or username"
        value={search}
        maxLength={100}
        disabled={!onSearch}
        onChange={(e) => onSearch?.(e.target.value)}
      />
      {search.trim() && (
        <p className="muted small">Showing up to {STAFF_SEARCH_LIMIT} matches, most hours first.</p>
      )}
      <StaffHoursBody {...props} />
    </section>
  );
}

function StaffHoursBody({ rows, search, periodInfo, failed, onRetry, loading, ...actions }: Props) {
  if (failed) {
    return <RetryNotice message={STAFF_HOURS_FAILED} onRetry={onRetry} />;
  }
  if (rows.length === 0) {
    if (loading) return <p className="muted">Loading staff hours…</p>;
    return (
      <div className="empty-state">
        {search.trim() ? (
          <p>No staff match “{search.trim()}”.</p>
        ) : (
          <>
            <p>No staff hours {periodInfo ? `for ${periodInfo.period_name.toLowerCase()}` : ""} yet.</p>
            <p className="muted">Hours appear here as soon as your staff clock in at the kiosk.</p>
          </>
        )}
      </div>
    );
  }
  return (
    <ul className="hours-list">
      {rows.map((row) => (
        <StaffHoursItem key={row.employee_id} row={row} {...actions} />
      ))}
    </ul>
  );
}

type ItemProps = Pick<Props, "onDownload" | "csvLocked" | "downloading"> & { row: StaffHoursRow };

function StaffHoursItem({ row, onDownload, csvLocked, downloading }: ItemProps) {
  const percent = barPercent(row.total_minutes_absolute);
  const details = [
    row.days_worked === 0 ? "No time yet" : `${row.days_worked} ${row.days_worked === 1 ? "day" : "days"}`,
  ];
  if (row.break_minutes > 0) details.push(`${shortDuration(row.break_minutes)} breaks`);
  if (row.break_assumed_days > 0) {
    details.push(
      `break assumed on ${row.break_assumed_days} ${row.break_assumed_days === 1 ? "day" : "days"}`,
    );
  }
  // Time past the employee's workday, not overtime pay: that follows the pay rules (Overtime and pay codes).
  if (row.overtime_minutes > 0) details.push(`${shortDuration(row.overtime_minutes)} beyond the workday`);
  return (
    <li className="hours-row">
      <div className="hours-row__who">
        <span className="hours-row__name">{row.name}</span>
        <span className="muted hours-row__username">{row.username}</span>
        {row.in_progress && <span className="status-pill status-pill--active">In now</span>}
        {row.deleted && <span className="status-pill status-pill--inactive">Left</span>}
        <span className="hours-row__details muted">{details.join(" · ")}</span>
      </div>
      {/* The text beside it says the same: the bar is for the eye only. */}
      <div className="hours-bar" aria-hidden="true" data-percent={Math.round(percent)}>
        <span className="hours-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="hours-row__total">{row.formatted_hours}</span>
      {csvLocked ? (
        <LockedButton feature="csvExport" label="CSV" />
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!onDownload || downloading === row.employee_id}
          aria-label={`Download CSV for ${row.name}`}
          onClick={() => onDownload?.(row)}
        >
          {downloading === row.employee_id ? "…" : "CSV"}
        </button>
      )}
    </li>
  );
}
