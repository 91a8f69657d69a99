import { emailProblem } from "@contracts/auth-rules";
import { type FormEvent, useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { PasskeySignIn } from "./passkey-sign-in";

// Signing in with a code e-mailed to the address the manager gave, or with a passkey added on More
// (docs/staff-app.md, "Signing in").

type Step = { step: "email" } | { step: "code"; email: string };

function failureText(error: unknown) {
  if (error instanceof ApiFailure) return error.message;
  // The phone's own passkey prompt was closed or timed out: said plainly, not in the browser's words.
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "No passkey was used. Try again, or e-mail yourself a code.";
  }
  return "Something went wrong. Please try again.";
}

export function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [step, setStep] = useState<Step>({ step: "email" });
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const askForCode = (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailProblem(email);
    if (invalid) return setProblem(invalid);
    void run(async () => {
      const answer = await data(staffApi().auth.start.$post({ json: { email } }));
      setNote(answer.message);
      setCode("");
      setStep({ step: "code", email });
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (step.step !== "code") return;
    if (!/^\d{6}$/.test(code)) return setProblem("Please enter the 6-digit code from the e-mail.");
    void run(async () => {
      const answer = await data(staffApi().auth.verify.$post({ json: { email: step.email, code } }));
      onSignedIn(answer.session_id);
    });
  };

  return (
    <main className="staff-app staff-app--centred">
      <div className="staff-card staff-sign-in">
        <img src="/favicon.svg" alt="" width="48" height="48" />
        <h1>Sign in to see your shifts</h1>
        {step.step === "email" ? (
          <form onSubmit={askForCode} noValidate>
            <label htmlFor="staff-email">Your work e-mail address</label>
            <input
              id="staff-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? "staff-sign-in-problem" : "staff-email-hint"}
            />
            <p id="staff-email-hint" className="muted">
              The address your manager has for you. We'll e-mail you a code: no password needed.
            </p>
            <button type="submit" className="staff-button" disabled={busy}>
              {busy ? "Sending…" : "Email me a code"}
            </button>
            <PasskeySignIn run={run} busy={busy} onSignedIn={onSignedIn} />
          </form>
        ) : (
          <form onSubmit={verify} noValidate>
            <p role="status">{note}</p>
            <label htmlFor="staff-code">6-digit code</label>
            <input
              id="staff-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              aria-invalid={problem !== null}
              aria-describedby={problem ? "staff-sign-in-problem" : undefined}
            />
            <button type="submit" className="staff-button" disabled={busy}>
              {busy ? "Checking…" : "Sign in"}
            </button>
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => {
                setProblem(null);
                setStep({ step: "email" });
              }}
            >
              Use another address
            </button>
          </form>
        )}
        {problem && (
          <p id="staff-sign-in-problem" role="alert" className="staff-problem">
            {problem}
          </p>
        )}
      </div>
    </main>
  );
}
