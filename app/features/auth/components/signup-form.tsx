import { emailProblem, fullNameProblem, unmetPasswordRules } from "@contracts/auth-rules";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, Suspense, useState } from "react";
import { Field } from "../../../components/field";
import { lazyComponent } from "../../../lib/lazy";
import { toast } from "../../../lib/toast";
import { signUp } from "../api";
import { NewPasswordFields } from "./password-rules";

type Props = { onSignedUp: (email: string, password: string) => void; onSignIn: () => void };

/** The two documents a new account accepts, each by its checkbox or by agreeing in its modal. */
const CONSENTS = [
  { key: "terms", id: "acceptTerms", name: "Terms & Conditions" },
  { key: "privacy", id: "acceptPrivacy", name: "Privacy Policy" },
] as const;

// A document's modal, with its text, loads when first opened: the sign-up form paints without them.
const ConsentModal = lazyComponent(() => import("./consent-modal").then((module) => module.ConsentModal));
type Consent = (typeof CONSENTS)[number]["key"];

/** Client-side checks mirror the server's (same contract module, same messages). */
function signupProblem(
  form: { name: string; email: string; password: string; confirm: string },
  accepted: boolean,
) {
  return (
    fullNameProblem(form.name) ??
    emailProblem(form.email) ??
    (unmetPasswordRules(form.password).length > 0 ? "Password must meet all requirements." : null) ??
    (form.password !== form.confirm ? "Passwords do not match" : null) ??
    (accepted ? null : "You must accept both the Terms & Conditions and Privacy Policy to create an account")
  );
}

export function SignupForm({ onSignedUp, onSignIn }: Props) {
  const [form, setForm] = useState({ name: "", email: "", password: "", confirm: "" });
  const [accepted, setAccepted] = useState<Record<Consent, boolean>>({ terms: false, privacy: false });
  const [open, setOpen] = useState<Consent | null>(null);
  const accept = (key: Consent, value: boolean) => setAccepted((a) => ({ ...a, [key]: value }));
  const openConsent = CONSENTS.find((consent) => consent.key === open);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const signup = useMutation({
    mutationFn: signUp,
    meta: { errorToast: "Signup failed. Please try again." },
    onSuccess: (answer, body) => {
      toast.success(answer.message);
      onSignedUp(body.email, body.password);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = signupProblem(form, accepted.terms && accepted.privacy);
    if (problem) {
      toast.error(problem);
      return;
    }
    signup.mutate({
      name: form.name,
      email: form.email.trim().toLowerCase(),
      password: form.password,
      confirm_password: form.confirm,
    });
  }

  return (
    <form className="auth-card" onSubmit={submit} noValidate>
      <h1>Create Account</h1>
      <p className="muted">Start with the free Starter plan — upgrade any time</p>
      <Field
        label="Full Name"
        autoComplete="name"
        placeholder="e.g. Priya Patel"
        value={form.name}
        onChange={set("name")}
      />
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set("email")}
      />
      <NewPasswordFields
        labels={{ password: "Password", confirm: "Confirm Password" }}
        password={form.password}
        confirm={form.confirm}
        onPassword={set("password")}
        onConfirm={set("confirm")}
      />
      {CONSENTS.map((consent) => (
        <div key={consent.key} className="checkbox">
          <input
            id={consent.id}
            type="checkbox"
            checked={accepted[consent.key]}
            onChange={(e) => accept(consent.key, e.target.checked)}
          />
          <label htmlFor={consent.id}>
            I accept the{" "}
            <button type="button" className="link-button" onClick={() => setOpen(consent.key)}>
              {consent.name}
            </button>
          </label>
        </div>
      ))}
      <button type="submit" className="button button--block" disabled={signup.isPending}>
        {signup.isPending ? "Creating Account..." : "Create Account"}
      </button>
      <p className="auth-card__switch">
        Already have an account?{" "}
        <button type="button" className="button button--ghost" onClick={onSignIn}>
          Sign In
        </button>
      </p>
      {openConsent && (
        <Suspense fallback={null}>
          <ConsentModal
            consent={openConsent.key}
            agreeLabel={`I Agree to ${openConsent.name}`}
            onAgree={() => {
              accept(openConsent.key, true);
              setOpen(null);
            }}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </form>
  );
}
