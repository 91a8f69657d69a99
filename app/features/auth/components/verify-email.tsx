import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { VerifyEmailResponse } from "../../../../worker/contracts/auth";
import { Field } from "../../../components/field";
import { detailOr } from "../../../lib/api";
import { authApi } from "../api";

type Props = {
  email: string;
  /** The password this browser chose at sign-up (or just signed in with): the account gets it. */
  password: string;
  onVerified: (answer: VerifyEmailResponse) => void;
  onBack: () => void;
};

export function VerifyEmail({ email, password, onVerified, onBack }: Props) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast.error("Please enter a valid 6-digit code.");
      return;
    }
    setBusy(true);
    try {
      onVerified(await authApi.verifyEmail(email, code, password));
    } catch (error) {
      toast.error(detailOr(error, "Verification failed"));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      toast.success((await authApi.resendCode(email)).message);
    } catch (error) {
      toast.error(detailOr(error, "Failed to resend code"));
    } finally {
      setResending(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>Verify your email</h1>
      <p className="muted">
        We've sent a 6-digit code to <strong>{email}</strong>. It expires in 10 minutes.
      </p>
      <Field
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        className="code-input"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
      />
      <button type="submit" className="button button--block" disabled={busy || code.length !== 6}>
        {busy ? "Verifying..." : "Verify Email"}
      </button>
      <div className="auth-card__row">
        <button type="button" className="link-button" onClick={resend} disabled={resending}>
          {resending ? "Sending..." : "Resend code"}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          Back to signup
        </button>
      </div>
    </form>
  );
}
