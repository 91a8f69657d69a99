import { RULE_NAMES } from "@contracts/compliance";
import { formatDate } from "@domain/time-zone";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { complianceSummaryQuery } from "../api";
import { LIGHT_ORDER } from "../format";
import { TrafficLight } from "./traffic-light";

const SUMMARY_FAILED = "Could not load your locations' working-time checks. Please try again.";

/**
 * Every location's light this week, worst first, with its breaches this week and earlier in the 17-week
 * reference period. The dashboard's chosen location is the one detailed below; the picker at the top
 * changes it.
 */
export function LocationSummary({ currentId }: { currentId: string }) {
  const headingId = useId();
  const query = useQuery(complianceSummaryQuery);
  const locations = [...(query.data?.locations ?? [])].sort(
    (a, b) => LIGHT_ORDER[a.light] - LIGHT_ORDER[b.light] || a.name.localeCompare(b.name, "en-GB"),
  );
  return (
    <section className="card compliance-summary" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <div className="card__header">
        <div>
          <h2 id={headingId}>Your locations this week</h2>
          {query.data && (
            <p className="muted card__subtitle">Week from {formatDate(query.data.week_start)}</p>
          )}
        </div>
      </div>
      {query.isError ? (
        <RetryNotice message={SUMMARY_FAILED} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p className="muted">Loading your locations…</p>
      ) : (
        <ul className="compliance-summary__list">
          {locations.map((location) => (
            <li key={location.location_id} className="compliance-summary__location">
              <span className="compliance-summary__name">
                {location.name}
                {location.location_id === currentId && (
                  <span className="compliance-summary__current"> (shown below)</span>
                )}
              </span>
              <TrafficLight light={location.light} partlyChecked={location.not_checked.length > 0} />
              <span className="compliance-summary__counts">
                This week: {breaches(location.breaches_this_week)}. Earlier:{" "}
                {breaches(location.breaches_earlier)}.
                {location.not_checked.map((rule) => ` ${RULE_NAMES[rule.rule]}: ${rule.verdict}.`).join("")}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small compliance-summary__legend">
        "Earlier" counts breaches found earlier in the 17-week reference period of the 48-hour average.
      </p>
    </section>
  );
}

const breaches = (count: number) =>
  count === 0 ? "None" : `${count} ${count === 1 ? "breach" : "breaches"}`;
