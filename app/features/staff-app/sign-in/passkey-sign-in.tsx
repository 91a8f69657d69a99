import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from "@simplewebauthn/browser";
import { data, staffApi } from "../api";

// "Sign in with a passkey": only where the browser can use one; the e-mailed code stays the way in for
// everyone else (docs/staff-app.md, "Signing in").

type Props = {
  run: (action: () => Promise<void>) => Promise<void>;
  busy: boolean;
  onSignedIn: (token: string) => void;
};

export function PasskeySignIn({ run, busy, onSignedIn }: Props) {
  if (!browserSupportsWebAuthn()) return null;
  const signIn = () =>
    run(async () => {
      // The typed client's JSON view of the options loses the byte types of extensions it never sends.
      const optionsJSON = (await data(
        staffApi().auth.passkey.options.$post(),
      )) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const answer = await startAuthentication({ optionsJSON });
      onSignedIn((await data(staffApi().auth.passkey.verify.$post({ json: answer }))).session_id);
    });
  return (
    <button type="button" className="staff-button staff-button--quiet" onClick={signIn} disabled={busy}>
      Sign in with a passkey
    </button>
  );
}
