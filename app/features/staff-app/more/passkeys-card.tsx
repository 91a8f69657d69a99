import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from "@simplewebauthn/browser";
import { useState } from "react";
import { ApiFailure, data, staffApi } from "../api";
import { useLoad } from "../use-load";

// Passkeys on More (docs/staff-app.md, "Signing in"): add one on this phone, then sign in with a fingerprint
// or face instead of an e-mailed code; remove one from a phone you no longer use.

const dateOf = (ms: number) =>
  new Date(ms).toLocaleDateString("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" });

const problemOf = (error: unknown) => {
  if (error instanceof ApiFailure) return error.message;
  // The phone's own prompt was closed, or timed out: nothing to explain.
  if (error instanceof Error && error.name === "NotAllowedError") return "No passkey was added.";
  return "This phone could not add a passkey. Please try again.";
};

export function PasskeysCard() {
  const { loaded, reload } = useLoad(() => data(staffApi().me.passkeys.$get()));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    setNote(null);
    try {
      setNote(await action());
      reload();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    act(async () => {
      // The typed client's JSON view of the options loses the byte types of extensions it never sends.
      const optionsJSON = (await data(
        staffApi().me.passkeys.options.$post(),
      )) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const answer = await startRegistration({ optionsJSON });
      await data(staffApi().me.passkeys.$post({ json: answer }));
      return "Passkey added. Next time, sign in with it.";
    });

  const remove = (id: string) =>
    act(async () => {
      await data(staffApi().me.passkeys[":passkeyId"].$delete({ param: { passkeyId: id } }));
      return "Passkey removed.";
    });

  return (
    <div className="staff-card staff-stack">
      <h2>Passkeys</h2>
      <p>Sign in with your fingerprint or face on this phone, instead of a code by e-mail.</p>
      {loaded.state === "ready" && loaded.value.passkeys.length > 0 && (
        <ul className="staff-list" aria-label="Your passkeys">
          {loaded.value.passkeys.map((passkey) => (
            <li key={passkey.id} className="staff-passkey">
              <span>
                Added {dateOf(passkey.created_at)}
                <br />
                <span className="muted">
                  {passkey.last_used_at ? `Last used ${dateOf(passkey.last_used_at)}` : "Not used yet"}
                </span>
              </span>
              <button
                type="button"
                className="staff-button staff-button--quiet"
                onClick={() => remove(passkey.id)}
                disabled={busy}
                aria-label={`Remove the passkey added ${dateOf(passkey.created_at)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {loaded.state === "failed" && <p className="staff-problem">{loaded.message}</p>}
      {supported ? (
        <button type="button" className="staff-button" onClick={add} disabled={busy}>
          {busy ? "Waiting for this phone…" : "Add a passkey"}
        </button>
      ) : (
        <p className="muted">This browser cannot use passkeys: keep signing in with a code.</p>
      )}
      {note && <p role="status">{note}</p>}
      {problem && (
        <p role="alert" className="staff-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
