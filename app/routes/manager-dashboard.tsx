import type { LoginResponse, VerifyEmailResponse } from "@contracts/auth";
import { useEffect, useState } from "react";
import { Logo } from "../components/logo";
import { Toasts } from "../components/toasts";
import { ForgotPasswordModal, LoginForm, PlanChoice, SignupForm, VerifyEmail } from "../features/auth";
import "../features/billing/billing.css";
import { checkSession } from "../features/locations";
import { queryClient, ServerState } from "../lib/server-state";
import { managerSession, useManagerSession } from "../lib/session";
import { DashboardShell } from "./manager-dashboard/dashboard-shell";

type Screen =
  | { name: "login" }
  | { name: "signup" }
  /** The password stays in memory only, to go with the code (see VerifyEmail). */
  | { name: "verify"; email: string; password: string }
  | { name: "plans"; sessionId: string };

export default function ManagerDashboardPage() {
  const session = useManagerSession();
  // A stored session is checked with the locations call before it is trusted (spec §4).
  const [checked, setChecked] = useState(() => managerSession.get() === null);
  const [screen, setScreen] = useState<Screen>({ name: "login" });
  const [forgotOpen, setForgotOpen] = useState(false);

  useEffect(() => {
    if (checked) return;
    checkSession(queryClient)
      .catch(() => managerSession.clear())
      .finally(() => setChecked(true));
  }, [checked]);

  useEffect(() => {
    document.title = "Manager dashboard — Clocked";
  }, []);

  function signedIn(answer: LoginResponse | VerifyEmailResponse) {
    if ("subscription_required" in answer && answer.subscription_required) {
      // Kept in memory only, for this screen's payment calls: the dashboard stays closed until it is paid.
      setScreen({ name: "plans", sessionId: answer.session_id });
      return;
    }
    managerSession.signIn(answer.session_id, answer.user);
    setScreen({ name: "login" }); // what a later sign-out comes back to
  }

  let content: React.ReactNode;
  if (!checked) content = <p className="muted centre">Checking your session…</p>;
  else if (session) content = <DashboardShell />;
  else if (screen.name === "signup")
    content = (
      <SignupForm
        onSignedUp={(email, password) => setScreen({ name: "verify", email, password })}
        onSignIn={() => setScreen({ name: "login" })}
      />
    );
  else if (screen.name === "verify")
    content = (
      <VerifyEmail
        email={screen.email}
        password={screen.password}
        onVerified={signedIn}
        onBack={() => setScreen({ name: "signup" })}
      />
    );
  else if (screen.name === "plans")
    content = (
      <PlanChoice
        sessionId={screen.sessionId}
        onBack={() => setScreen({ name: "login" })}
        onReady={(user) => {
          managerSession.signIn(screen.sessionId, user);
          setScreen({ name: "login" });
        }}
      />
    );
  else
    content = (
      <LoginForm
        onSignedIn={signedIn}
        onNeedsVerification={(email, password) => setScreen({ name: "verify", email, password })}
        onForgotPassword={() => setForgotOpen(true)}
        onCreateAccount={() => setScreen({ name: "signup" })}
      />
    );

  return (
    <ServerState>
      <Toasts />
      {session && checked ? (
        content
      ) : (
        <div className="auth-page">
          <header className="auth-page__header">
            <Logo />
          </header>
          <main className="auth-page__main">{content}</main>
        </div>
      )}
      {forgotOpen && <ForgotPasswordModal onClose={() => setForgotOpen(false)} />}
    </ServerState>
  );
}
