import type { LoginResponse } from "@contracts/auth";
import { EMAIL_NOT_VERIFIED } from "@contracts/auth-messages";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { ApiFailure } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { signIn } from "../api";

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
  const login = useMutation({
    mutationFn: (input: { entry: string; password: string }) => signIn(input.entry, input.password),
    meta: { errorToast: "Login failed" },
    onSuccess: onSignedIn,
    onError: (error, input) => {
      if (error instanceof ApiFailure && error.detail === EMAIL_NOT_VERIFIED && input.entry.includes("@")) {
        onNeedsVerification(input.entry.toLowerCase(), input.password);
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!entry.trim() || !password) {
      toast.error("Please enter your full name or email address and your password.");
      return;
    }
    login.mutate({ entry: entry.trim(), password });
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
      <button type="submit" className="button button--block" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
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
