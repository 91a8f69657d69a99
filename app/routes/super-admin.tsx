import { useEffect } from "react";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { AdminDashboard, SuperAdminLogin, useSuperAdminSession } from "../features/super-admin";
import { ServerState } from "../lib/server-state";

export default function SuperAdminPage() {
  const session = useSuperAdminSession();
  useEffect(() => {
    document.title = "Super admin — Clocked";
  }, []);
  return (
    <ServerState>
      <Toasts />
      {session ? (
        <AdminDashboard />
      ) : (
        <div className="auth-page">
          <header className="auth-page__header">
            <Logo />
          </header>
          <main className="auth-page__main">
            <SuperAdminLogin />
          </main>
        </div>
      )}
    </ServerState>
  );
}
