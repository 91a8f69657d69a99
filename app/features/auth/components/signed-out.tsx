import type { LoginResponse, VerifyEmailResponse } from "@contracts/auth";
import { Suspense, startTransition, useEffect, useState } from "react";
import { lazyComponent } from "../../../lib/lazy";
import { managerSession, memberOf } from "../../../lib/session";
import { whenIdle } from "../../../lib/when-idle";
import { LoginForm } from "./login-form";

// The sign-in form comes with the dashboard's own chunk: on a new device it is the first thing painted. The
// other screens (sign up, the e-mail code, the plans) and the forgotten-password dialog are chunks of their
// own, fetched once the browser is idle after the form has painted, and at the latest when first shown.
const SignupForm = lazyComponent(() => import("./signup-form").then((module) => module.SignupForm));
const VerifyEmail = lazyComponent(() => import("./verify-email").then((module) => module.VerifyEmail));
const PlanChoice = lazyComponent(() => import("./plan-choice").then((module) => module.PlanChoice));
const ForgotPasswordModal = lazyComponent(() =>
  import("./forgot-password-modal").then((module) => module.ForgotPasswordModal),
);
const LATER_SCREENS = [SignupForm, VerifyEmail, PlanChoice, ForgotPasswordModal];
/** At the latest, the other screens are fetched this long after the sign-in form has painted. */
const IDLE_WAIT_MS = 2000;

function prefetchLaterScreens() {
  for (const part of LATER_SCREENS)
    part.prefetch().catch(() => {
      // Showing it tries again.
    });
}

type Screen =
  | { name: "login" }
  | { name: "signup" }
  /** The password stays in memory only, to go with the code (see VerifyEmail). */
  | { name: "verify"; email: string; password: string }
  | { name: "plans"; sessionId: string };

/**
 * The dashboard's screens before a session: sign in, sign up, the e-mail code, the plan to pay for and the
 * forgotten password (docs/dashboard.md). Signing in unmounts them, so a later sign-out comes back to the
 * sign-in form.
 */
export function SignedOut() {
  const [screen, showScreen] = useState<Screen>({ name: "login" });
  const [forgotOpen, setForgotOpen] = useState(false);
  // In a transition: the current screen stays until the next one's code is there, never a blank card.
  const setScreen = (next: Screen) => startTransition(() => showScreen(next));

  useEffect(() => whenIdle(prefetchLaterScreens, IDLE_WAIT_MS), []);

  function signedIn(answer: LoginResponse | VerifyEmailResponse) {
    if ("subscription_required" in answer && answer.subscription_required) {
      // Kept in memory only, for this screen's payment calls: the dashboard stays closed until it is paid.
      setScreen({ name: "plans", sessionId: answer.session_id });
      return;
    }
    managerSession.signIn(answer.session_id, answer.user, memberOf(answer));
  }

  let content: React.ReactNode;
  if (screen.name === "signup")
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
        onReady={(user) => managerSession.signIn(screen.sessionId, user)}
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
    <>
      <Suspense fallback={null}>{content}</Suspense>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordModal onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
