import type { LoginResponse, VerifyEmailResponse } from "@contracts/auth";
import { useState } from "react";
import { managerSession } from "../../../lib/session";
import { ForgotPasswordModal } from "./forgot-password-modal";
import { LoginForm } from "./login-form";
import { PlanChoice } from "./plan-choice";
import { SignupForm } from "./signup-form";
import { VerifyEmail } from "./verify-email";

type Screen =
  | { name: "login" }
  | { name: "signup" }
  /** The password stays in memory only, to go with the code (see VerifyEmail). */
  | { name: "verify"; email: string; password: string }
  | { name: "plans"; sessionId: string };

/**
 * The dashboard's screens before a session: sign in, sign up, the e-mail code, the plan to pay for and the
 * forgotten password. Their own chunk (../index.ts): a signed-in manager never downloads them. Signing in unmounts them,
 * so a later sign-out comes back to the sign-in form.
 */
export function SignedOut() {
  const [screen, setScreen] = useState<Screen>({ name: "login" });
  const [forgotOpen, setForgotOpen] = useState(false);

  function signedIn(answer: LoginResponse | VerifyEmailResponse) {
    if ("subscription_required" in answer && answer.subscription_required) {
      // Kept in memory only, for this screen's payment calls: the dashboard stays closed until it is paid.
      setScreen({ name: "plans", sessionId: answer.session_id });
      return;
    }
    managerSession.signIn(answer.session_id, answer.user);
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
      {content}
      {forgotOpen && <ForgotPasswordModal onClose={() => setForgotOpen(false)} />}
    </>
  );
}
