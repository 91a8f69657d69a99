import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { FORGOT_PASSWORD_MESSAGE, unmetPasswordRules } from "../../../../worker/contracts/auth";
import { Field } from "../../../components/field";
import { detailOr } from "../../../lib/api";
import { authApi } from "../api";
import { NewPasswordFields } from "./password-rules";

const EMPTY = { email: "", code: "", password: "", confirm: "" };

/** Spec §2: e-mail step ('Reset Password'), then code step ('Enter Verification Code'), then back to login. */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<"email" | "code">("email");
  const [form, setForm] = useState(EMPTY);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({
      ...f,
      [key]: key === "code" ? e.target.value.replace(/\D/g, "").slice(0, 6) : e.target.value,
    }));

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function close() {
    setStep("email");
    setForm(EMPTY);
    setMessage("");
    onClose();
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (!form.email.trim()) return setMessage("Email is required");
    setBusy(true);
    try {
      await authApi.forgotPassword(form.email.trim().toLowerCase());
      setMessage(FORGOT_PASSWORD_MESSAGE);
      setStep("code");
    } catch (error) {
      setMessage(detailOr(error, FORGOT_PASSWORD_MESSAGE));
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(form.code)) return setMessage("Please enter a valid 6-digit code.");
    if (unmetPasswordRules(form.password).length > 0)
      return setMessage("Password must meet all requirements.");
    if (form.password !== form.confirm) return setMessage("Passwords do not match.");
    setBusy(true);
    try {
      const answer = await authApi.resetPassword(form.email.trim().toLowerCase(), form.code, form.password);
      toast.success(answer.message);
      close();
    } catch (error) {
      setMessage(detailOr(error, "Invalid or expired code. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  const title = step === "email" ? "Reset Password" : "Enter Verification Code";
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="forgot-title" onClose={close}>
      <h2 id="forgot-title">{title}</h2>
      {step === "email" ? (
        <form onSubmit={sendCode} noValidate>
          <Field
            label="Email Address"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set("email")}
          />
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Code"}
          </button>
        </form>
      ) : (
        <form onSubmit={reset} noValidate>
          <p className="muted">We've sent a 6-digit code to your email address.</p>
          <Field
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={form.code}
            onChange={set("code")}
          />
          <NewPasswordFields
            labels={{ password: "New password", confirm: "Confirm new password" }}
            password={form.password}
            confirm={form.confirm}
            onPassword={set("password")}
            onConfirm={set("confirm")}
          />
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? "Resetting..." : "Reset Password"}
          </button>
        </form>
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
