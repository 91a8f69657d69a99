import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import type { SuperAdminAnalytics } from "../../../../worker/contracts/super-admin";
import { Logo } from "../../../components/logo";
import { ApiFailure } from "../../../lib/api";
import { superAdminApi } from "../api";
import { superAdminSession } from "../storage";
import { AdminChat } from "./admin-chat";
import { ActiveLocations, OverviewCounters, PlanChart, RecentQueries } from "./analytics-panels";
import { VipPanel } from "./vip-panel";

export const REFRESH_MS = 30_000;

const clockTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export function AdminDashboard() {
  const [analytics, setAnalytics] = useState<SuperAdminAnalytics | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);

  const refresh = useCallback(async () => {
    try {
      setAnalytics(await superAdminApi.analytics());
      setUpdatedAt(new Date());
    } catch (error) {
      // Spec §8: analytics failures are logged only; a 401 signs the super admin out.
      console.error("Super admin analytics failed", error);
      if (error instanceof ApiFailure && error.status === 401) superAdminSession.set(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  async function logout() {
    try {
      await superAdminApi.logout();
    } catch {
      // Signing out locally matters more than the server's answer.
    }
    superAdminSession.set(null);
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
