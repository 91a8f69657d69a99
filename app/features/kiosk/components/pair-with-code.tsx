import { type FormEvent, useId, useState } from "react";
import { detailOr } from "../../../lib/http";
import { KIOSK_TOKEN_KEY, pairWithCode } from "../api";

/** As typed: capitals, letters and digits only, a hyphen after the fourth ("ABCD-2345"). */
const shown = (typed: string) => {
  const code = typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 8);
  return code.length > 4 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
};

/**
 * An unpaired /kiosk: the manager makes a one-time code in the dashboard (Kiosk, then "Pair a tablet") and
 * types it here, so nobody signs in to the dashboard on the tablet (docs/kiosk.md).
 */
export function PairWithCode({ onPaired }: { onPaired: (token: string) => void }) {
  const inputId = useId();
  const [code, setCode] = useState("");
  const [pairing, setPairing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pair(event: FormEvent) {
    event.preventDefault();
    setPairing(true);
    setProblem(null);
    try {
      const token = await pairWithCode(code);
      localStorage.setItem(KIOSK_TOKEN_KEY, token);
      onPaired(token);
    } catch (error) {
      setProblem(detailOr(error, "Pairing failed. Please try again."));
      setPairing(false);
    }
  }

  return (
    <main className="kiosk kiosk--theme-white">
      <div className="kiosk-flow">
        <h1>This device is not a kiosk yet</h1>
        <p className="kiosk-flow__hint">
          To make it your clock-in kiosk, a manager opens the dashboard on their own device, chooses Kiosk,
          then “Pair a tablet”, and types the code it shows here. Nobody needs to sign in on this device.
        </p>
        <form className="kiosk-pairing" onSubmit={pair}>
          <label htmlFor={inputId}>Enter pairing code</label>
          <input
            id={inputId}
            value={code}
            onChange={(event) => setCode(shown(event.target.value))}
            placeholder="ABCD-2345"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={9}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
          />
          <button
            type="submit"
            className="kiosk-button kiosk-button--primary"
            disabled={pairing || code.length !== 9}
          >
            {pairing ? "Pairing..." : "Pair this device"}
          </button>
          {problem && (
            <p id={`${inputId}-problem`} className="kiosk-pairing__problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      </div>
    </main>
  );
}
