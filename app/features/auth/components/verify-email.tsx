import type { VerifyEmailResponse } from "@contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { toast } from "../../../lib/toast";
import { resendCode, verifyEmail } from "../api";

type Props = {
  email: string;
  /** The password this browser chose at sign-up (or just signed in with): the account gets it. */
  password: string;
  onVerified: (answer: VerifyEmailResponse) => void;
  onBack: () => void;
};

export function VerifyEmail({ email, password, onVerified, onBack }: Props) {
  const [code, setCode] = useState("");
  const verify = useMutation({
    mutationFn: (entered: string) => verifyEmail(email, entered, password),
    meta: { errorToast: "Verification failed" },
    onSuccess: onVerified,
  });
  const resend = useMutation({
    mutationFn: () => resendCode(email),
    meta: { errorToast: "Failed to resend code" },
    onSuccess: (answer) => toast.success(answer.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      toast.error("Please enter a valid 6-digit code.");
      return;
    }
    verify.mutate(code);
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
      <button type="submit" className="button button--block" disabled={verify.isPending || code.length !== 6}>
        {verify.isPending ? "Verifying..." : "Verify Email"}
      </button>
      <div className="auth-card__row">
        <button
          type="button"
          className="link-button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {resend.isPending ? "Sending..." : "Resend code"}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          Back to signup
        </button>
      </div>
    </form>
  );
}
