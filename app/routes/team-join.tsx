import { Suspense, useEffect } from "react";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { loadAcceptInvitation } from "../features/team";
import { lazyComponent } from "../lib/lazy";
import { ServerState } from "../lib/server-state";

const AcceptInvitation = lazyComponent(loadAcceptInvitation);

/** /team/join#<token>: accepting an invitation to a team (docs/team.md). */
export default function TeamJoinPage() {
  useEffect(() => {
    document.title = "Join your team — Clocked";
  }, []);
  return (
    <ServerState>
      <Toasts />
      <div className="auth-page">
        <header className="auth-page__header">
          <Logo />
        </header>
        <main className="auth-page__main">
          <Suspense fallback={<p className="muted centre">Loading…</p>}>
            <AcceptInvitation />
          </Suspense>
        </main>
      </div>
    </ServerState>
  );
}
