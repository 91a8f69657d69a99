import { useQuery } from "@tanstack/react-query";
import { Logo } from "../../../components/logo";
import { toast } from "../../../lib/toast";
import { analyticsQuery, signOut } from "../api";
import { AdminChat } from "./admin-chat";
import { ActiveLocations, OverviewCounters, PlanChart, RecentQueries } from "./analytics-panels";
import { VipPanel } from "./vip-panel";

const clockTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export function AdminDashboard() {
  const { data: analytics, dataUpdatedAt } = useQuery(analyticsQuery);
  const updatedAt = analytics ? new Date(dataUpdatedAt) : null;

  async function logout() {
    await signOut();
    toast.success("Logged out successfully");
  }

  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <Logo to="/super-admin" />
        <h1 className="admin-title">Super Admin Dashboard</h1>
        <div className="dashboard__account">
          {updatedAt && (
            <span className="plan-badge" role="status">
              Updated {clockTime.format(updatedAt)}
            </span>
          )}
          <button type="button" className="button button--ghost button--small" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <main className="dashboard__main admin-main">
        {analytics ? (
          <>
            <OverviewCounters overview={analytics.overview} />
            <div className="admin-grid">
              <PlanChart distribution={analytics.plan_distribution} />
              <ActiveLocations locations={analytics.active_locations} />
              <RecentQueries queries={analytics.recent_ai_queries} />
              <VipPanel />
            </div>
          </>
        ) : (
          <p className="muted">Loading analytics…</p>
        )}
      </main>
      <AdminChat />
    </div>
  );
}
