import { FORGOT_PASSWORD_MESSAGE } from "@contracts/auth-messages";
import { unmetPasswordRules } from "@contracts/auth-rules";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Field } from "../../../components/field";
import { ApiFailure, detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { checkResetCode, forgotPassword, resetPassword } from "../api";
import { NewPasswordFields } from "./password-rules";

const EMPTY = { email: "", code: "", password: "", confirm: "" };
const INVALID_CODE = "Invalid or expired code. Please try again.";

type Step = "email" | "code" | "password";
const TITLES: Record<Step, string> = {
  email: "Reset Password",
  code: "Enter Verification Code",
  password: "Set New Password",
};

/**
 * Spec §2: the e-mail step ('Reset Password'), the code step ('Enter Verification Code'), where the code
 * is checked, then the new password ('Set New Password'), then back to login.
 */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<Step>("email");
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState("");
  const email = form.email.trim().toLowerCase();
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({
      ...f,
      [key]: key === "code" ? e.target.value.replace(/\D/g, "").slice(0, 6) : e.target.value,
    }));

  const sendCode = useMutation({
    mutationFn: () => forgotPassword(email),
    onSuccess: () => {
      setMessage(FORGOT_PASSWORD_MESSAGE);
      setStep("code");
    },
    onError: (error) => setMessage(detailOr(error, FORGOT_PASSWORD_MESSAGE)),
  });
  const checkCode = useMutation({
    mutationFn: () => checkResetCode(email, form.code),
    onSuccess: () => {
      setMessage("");
      setStep("password");
    },
    onError: (error) => setMessage(detailOr(error, INVALID_CODE)),
  });
  const reset = useMutation({
    mutationFn: () => resetPassword(email, form.code, form.password),
    onSuccess: (answer) => {
      toast.success(answer.message);
      close();
    },
    onError: (error) => {
      setMessage(detailOr(error, INVALID_CODE));
      // The code was refused after all (it expired meanwhile, or too many tries): ask for it again.
      if (error instanceof ApiFailure && (error.status === 400 || error.status === 429)) setStep("code");
    },
  });
  const busy = sendCode.isPending || checkCode.isPending || reset.isPending;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function close() {
    setStep("email");
    setForm(EMPTY);
    setMessage("");
    onClose();
  }

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    if (!form.email.trim()) return setMessage("Email is required");
    sendCode.mutate();
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(form.code)) return setMessage("Please enter a valid 6-digit code.");
    checkCode.mutate();
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (unmetPasswordRules(form.password).length > 0)
      return setMessage("Password must meet all requirements.");
    if (form.password !== form.confirm) return setMessage("Passwords do not match.");
    reset.mutate();
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="forgot-title" onClose={close}>
      <h2 id="forgot-title">{TITLES[step]}</h2>
      {step === "email" && (
        <StepForm onSubmit={submitEmail} busy={busy} label="Send Reset Code" busyLabel="Sending...">
          <Field
            label="Email Address"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set("email")}
          />
        </StepForm>
      )}
      {step === "code" && (
        <StepForm onSubmit={submitCode} busy={busy} label="Verify Code" busyLabel="Checking...">
          <p className="muted">We've sent a 6-digit code to your email address.</p>
          <Field
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={form.code}
            onChange={set("code")}
          />
        </StepForm>
      )}
      {step === "password" && (
        <StepForm onSubmit={submitPassword} busy={busy} label="Reset Password" busyLabel="Resetting...">
          <NewPasswordFields
            labels={{ password: "New password", confirm: "Confirm new password" }}
            password={form.password}
            confirm={form.confirm}
            onPassword={set("password")}
            onConfirm={set("confirm")}
          />
        </StepForm>
      )}
      {message && (
        <p className="info-box" role="status">
          {message}
        </p>
      )}
      <button type="button" className="link-button" onClick={close}>
        ← Back to login
      </button>
    </dialog>
  );
}

type StepProps = {
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  children: ReactNode;
};

/** One step's form: its fields, then its button (disabled, with its busy text, while a call runs). */
function StepForm({ onSubmit, busy, label, busyLabel, children }: StepProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      <button type="submit" className="button button--block" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}
