import type { AutomatedReport, WeeklyReportStatus } from "@contracts/hours";
import { planOf, REPORT_KIND_NAMES, REPORT_KINDS, type ReportKind } from "@domain/plans";
import { useId } from "react";
import { formatBytes, formatInstant } from "../format";

type Props = {
  reports: AutomatedReport[];
  status: WeeklyReportStatus | null;
  timeZone: string;
  plan: string;
  /** Absent in the demo: downloads are shown disabled. */
  onDownload?: (report: AutomatedReport) => void;
  downloading?: string | null;
};

const kindName = (kind: string) =>
  (REPORT_KINDS as readonly string[]).includes(kind) ? REPORT_KIND_NAMES[kind as ReportKind] : kind;

/** "7-day, 14-day and monthly", for a sentence. */
const kindList = (kinds: readonly string[]) => {
  const names = kinds.map((kind) => kindName(kind).toLowerCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
};

/** What the Monday job made for this location, with the plan's report kinds and the next run. */
export function AutomatedReportsView({ reports, status, timeZone, plan, onDownload, downloading }: Props) {
  const headingId = useId();
  const kinds = planOf(plan).reportKinds;
  const missing = REPORT_KINDS.filter((kind) => !kinds.includes(kind));
  const next = status ? formatInstant(status.next_run_at, timeZone) : null;
  return (
    <section className="card reports" aria-labelledby={headingId}>
      <h2 id={headingId}>Automated Reports</h2>
      <p className="muted">
        Every Monday at 07:00 Clocked makes a CSV of the hours just ended ({kindList(kinds)} reports on your
        plan) and e-mails you when it is ready.
        {missing.length > 0 && ` Pro and Business add ${kindList(missing)} reports.`}
      </p>
      {status && (
        <p className="reports__status">
          <span className="status-pill status-pill--active">{status.enabled ? "On" : "Off"}</span>
          Last made:{" "}
          {status.last_generated_at ? formatInstant(status.last_generated_at, timeZone) : "not yet"} · Next:{" "}
          {next}
        </p>
      )}
      {reports.length === 0 ? (
        <p className="empty-state">
          No reports yet.{next ? ` The first arrives on ${next.replace(", ", " at ")}.` : ""}
        </p>
      ) : (
        <div className="table-wrap table-wrap--flat">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Kind</th>
                <th scope="col">Made</th>
                <th scope="col">Size</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => (
                <tr key={report.id}>
                  <th scope="row">{report.period_name}</th>
                  <td>{kindName(report.kind)}</td>
                  <td>{formatInstant(report.created_at, timeZone)}</td>
                  <td>{formatBytes(report.size)}</td>
                  <td className="table__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={!onDownload || downloading === report.id}
                      aria-label={`Download ${report.period_name}`}
                      onClick={() => onDownload?.(report)}
                    >
                      {downloading === report.id ? "Downloading..." : "Download"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
