import { useEffect, useState } from "react";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { SignedOut } from "../features/auth";
import "../features/billing/billing.css";
import { refreshUser } from "../features/billing";
import { checkSession } from "../features/locations";
import { queryClient, ServerState } from "../lib/server-state";
import { managerSession, useManagerSession } from "../lib/session";
import { DashboardShell } from "./manager-dashboard/dashboard-shell";

export default function ManagerDashboardPage() {
  const session = useManagerSession();
  // A stored session is checked with the locations call before it is trusted: it may have ended elsewhere.
  const [checked, setChecked] = useState(() => managerSession.get() === null);

  useEffect(() => {
    if (checked) return;
    checkSession(queryClient)
      // A team member's role may have changed since this session was saved.
      .then(refreshUser)
      .catch(() => managerSession.clear())
      .finally(() => setChecked(true));
  }, [checked]);

  useEffect(() => {
    document.title = "Manager dashboard — Clocked";
  }, []);

  return (
    <ServerState>
      <Toasts />
      {session && checked ? (
        <DashboardShell />
      ) : (
        <div className="auth-page">
          <header className="auth-page__header">
            <Logo />
          </header>
          <main className="auth-page__main">
            {checked ? <SignedOut /> : <p className="muted centre">Checking your session…</p>}
          </main>
        </div>
      )}
    </ServerState>
  );
}
