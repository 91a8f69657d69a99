import type { SuperAdminAnalytics } from "@contracts/super-admin";

const COUNTERS: [keyof SuperAdminAnalytics["overview"], string][] = [
  ["total_users", "Total users"],
  ["active_users", "Active users (30 days)"],
  ["recent_users", "New users (7 days)"],
  ["total_locations", "Locations"],
  ["total_employees", "Employees"],
  ["recent_events", "Check-ins (7 days)"],
  ["ai_queries_total", "AI queries"],
];

const PLANS: [keyof SuperAdminAnalytics["plan_distribution"], string][] = [
  ["starter", "Starter"],
  ["pro", "Pro"],
  ["business", "Business"],
];

const when = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

export function OverviewCounters({ overview }: { overview: SuperAdminAnalytics["overview"] }) {
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="visually-hidden">
        Overview
      </h2>
      <dl className="stat-grid admin-counters">
        {COUNTERS.map(([key, label]) => (
          <div key={key} className="stat">
            <dt className="stat__label">{label}</dt>
            <dd className="stat__value">{overview[key].toLocaleString("en-GB")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** CSS bars with the numbers in text: readable without the bars, and by a screen reader. */
export function PlanChart({ distribution }: { distribution: SuperAdminAnalytics["plan_distribution"] }) {
  const total = PLANS.reduce((sum, [key]) => sum + distribution[key], 0);
  return (
    <section className="card" aria-labelledby="plans-title">
      <h2 id="plans-title">Plan distribution</h2>
      <ul className="bar-chart">
        {PLANS.map(([key, label]) => {
          const share = total ? Math.round((distribution[key] / total) * 100) : 0;
          return (
            <li key={key} className="bar-chart__row">
              <span className="bar-chart__label">{label}</span>
              <span className="bar-chart__track" aria-hidden="true">
                <span className={`bar-chart__bar bar-chart__bar--${key}`} style={{ width: `${share}%` }} />
              </span>
              <span className="bar-chart__value">
                {distribution[key]} ({share}%)
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ActiveLocations({ locations }: { locations: SuperAdminAnalytics["active_locations"] }) {
  return (
    <section className="card" aria-labelledby="locations-title">
      <h2 id="locations-title">Most active locations</h2>
      {locations.length === 0 ? (
        <p className="muted">No check-ins in the last 30 days.</p>
      ) : (
        <ol className="admin-list">
          {locations.map((location) => (
            <li key={location.name}>
              <span>{location.name}</span>
              <span className="muted">
                {location.event_count} {location.event_count === 1 ? "check-in" : "check-ins"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function RecentQueries({ queries }: { queries: SuperAdminAnalytics["recent_ai_queries"] }) {
  return (
    <section className="card" aria-labelledby="queries-title">
      <h2 id="queries-title">Recent AI queries</h2>
      {queries.length === 0 ? (
        <p className="muted">No questions asked yet.</p>
      ) : (
        <ul className="admin-list">
          {queries.map((query) => (
            <li key={`${query.timestamp}-${query.query}`}>
              <span className="admin-list__query">{query.query}</span>
              <time className="muted" dateTime={query.timestamp}>
                {when.format(new Date(query.timestamp))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
