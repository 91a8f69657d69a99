import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { EMAIL_NOT_VERIFIED, type LoginResponse } from "../../../../worker/contracts/auth";
import { Field } from "../../../components/field";
import { ApiFailure, detailOr } from "../../../lib/api";
import { authApi } from "../api";

type Props = {
  onSignedIn: (answer: LoginResponse) => void;
  /** The password goes with the code: whoever owns the mailbox sets the account's password. */
  onNeedsVerification: (email: string, password: string) => void;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
};

export function LoginForm({ onSignedIn, onNeedsVerification, onForgotPassword, onCreateAccount }: Props) {
  const [entry, setEntry] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry.trim() || !password) {
      toast.error("Please enter your full name or email address and your password.");
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await authApi.login(entry.trim(), password));
    } catch (error) {
      toast.error(detailOr(error, "Login failed"));
      if (error instanceof ApiFailure && error.detail === EMAIL_NOT_VERIFIED && entry.includes("@")) {
        onNeedsVerification(entry.trim().toLowerCase(), password);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>Welcome Back</h1>
      <p className="muted">Sign in to access your dashboard</p>
      <Field
        label="Full Name or Email Address"
        placeholder="Enter your full name or email"
        autoComplete="username"
        value={entry}
        onChange={(e) => setEntry(e.target.value)}
        required
      />
      <Field
        label="Password"
        type="password"
        placeholder="Enter your password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <button type="submit" className="button button--block" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </button>
      <button type="button" className="link-button" onClick={onForgotPassword}>
        Forgot Password?
      </button>
      <p className="auth-card__switch">
        Don't have an account?{" "}
        <button type="button" className="button button--ghost" onClick={onCreateAccount}>
          Create Account
        </button>
      </p>
    </form>
  );
}
