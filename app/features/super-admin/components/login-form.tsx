import { INVALID_SUPER_ADMIN } from "@contracts/super-admin";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { ApiFailure } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { signIn } from "../api";
import { superAdminSession } from "../storage";

const CODE_FORMAT = "Authentication code must be 6 digits";

export function SuperAdminLogin() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: ({ session_id }) => {
      superAdminSession.set(session_id);
      toast.success("Welcome to Super Admin Dashboard");
    },
    // Throttling has its own message; every other failure reads the same, so it tells nothing about which part was wrong.
    onError: (error) =>
      toast.error(
        error instanceof ApiFailure && error.status === 429 && error.detail
          ? error.detail
          : INVALID_SUPER_ADMIN,
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) return;
    // Authenticator apps often show the code as "123 456".
    const totp = code.replace(/\s/g, "");
    if (totp && !/^\d{6}$/.test(totp)) {
      toast.error(CODE_FORMAT);
      return;
    }
    login.mutate({ username: username.trim(), password, ...(totp ? { totp } : {}) });
  }

  return (
    <form className="auth-card" onSubmit={submit}>
      <h1>Super Admin</h1>
      <p className="muted">Sign in to the platform console.</p>
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label="Authentication code"
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="Only if two-step sign-in is set up"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="button button--block" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </button>
    </form>
  );
}
