import { useEffect } from "react";
import { Logo } from "../components/logo";

export default function SuperAdminPage() {
  useEffect(() => {
    document.title = "Super admin — Clocked";
  }, []);
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Logo />
      </header>
      <main className="auth-page__main">
        <div className="auth-card">
          <h1>Super admin</h1>
          <p className="coming-soon">The platform console opens with the analytics release.</p>
        </div>
      </main>
    </div>
  );
}
