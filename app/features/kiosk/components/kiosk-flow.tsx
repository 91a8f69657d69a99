import type { KioskLocation } from "@contracts/kiosk";
import { useEffect, useRef } from "react";
import type { KioskSource } from "../api";
import { ACTION_LABEL, kioskActions } from "../kiosk-actions";
import { useKioskFlow } from "../use-kiosk-flow";
import { InitialGrid, NameList } from "./kiosk-flow-steps";
import type { KioskNotify } from "./kiosk-toasts";
import { PinPad } from "./pin-pad";

export { REFUSED_RESET_MS } from "../use-kiosk-flow";

type Props = {
  source: KioskSource;
  /**
   * What the header shows (the location's name and, when it has one, its logo) and whether step 1 offers
   * the break buttons (off when not given).
   */
  location: Pick<KioskLocation, "name"> & Partial<Pick<KioskLocation, "logo_url" | "record_breaks">>;
  notify: KioskNotify;
  /** The kiosk is no longer in use (its location archived, or its account closed): the page says so. */
  onRetired?: () => void;
};

/**
 * The four-step clock-in flow (docs/kiosk.md): action, initial, name, PIN (on a number pad). A location that
 * records breaks also offers Start Break and End Break as actions. Its state and presses: ../use-kiosk-flow.ts.
 */
export function KioskFlow({ source, location, notify, onRetired }: Props) {
  const flow = useKioskFlow({ source, location, notify, onRetired });
  const { step, action, employee, success } = flow;
  const recordBreaks = location.record_breaks ?? false;
  const pinInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (step === "pin") pinInput.current?.focus();
  }, [step]);
  return (
    <div className="kiosk-flow">
      <header className="kiosk-flow__header">
        {location.logo_url && <img className="kiosk-flow__logo" src={`/api${location.logo_url}`} alt="" />}
        <h1>{location.name}</h1>
        <p className="kiosk-flow__context" aria-live="polite">
          {action ? ACTION_LABEL[action] : "Welcome"}
          {employee && (step === "pin" || step === "leave")
            ? ` · ${employee.first_name} ${employee.last_name}`
            : ""}
        </p>
      </header>

      {success ? (
        <output className="kiosk-flow__success">{success}</output>
      ) : (
        <>
          {step !== "action" && step !== "leave" && (
            <button type="button" className="kiosk-button kiosk-flow__back" onClick={flow.back}>
              ← Back
            </button>
          )}
          {step === "action" && (
            <div className={`kiosk-flow__actions${recordBreaks ? " kiosk-flow__actions--breaks" : ""}`}>
              {kioskActions(recordBreaks).map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`kiosk-button kiosk-button--primary kiosk-button--${a}`}
                  onClick={() => flow.chooseAction(a)}
                >
                  {ACTION_LABEL[a]}
                </button>
              ))}
            </div>
          )}
          {step === "initial" && <InitialGrid initials={flow.initials} onChoose={flow.chooseInitial} />}
          {step === "name" && flow.initial && (
            <NameList initial={flow.initial} employees={flow.employees} onChoose={flow.chooseEmployee} />
          )}
          {step === "pin" && action && (
            <form className="kiosk-flow__pin" onSubmit={flow.submit}>
              <label htmlFor="kiosk-pin">Enter your 4-digit PIN</label>
              {/* No on-screen keyboard (the pad below is one); a real keyboard still types, and Enter submits. */}
              <input
                ref={pinInput}
                id="kiosk-pin"
                type="password"
                inputMode="none"
                autoComplete="off"
                maxLength={4}
                value={flow.pin}
                onChange={(e) => flow.setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
              />
              <PinPad
                onDigit={(digit) => flow.setPin((typed) => (typed + digit).slice(0, 4))}
                onDelete={() => flow.setPin((typed) => typed.slice(0, -1))}
                submitLabel={flow.processing ? "Processing..." : ACTION_LABEL[action]}
                canSubmit={flow.pin.length === 4 && !flow.processing}
              />
            </form>
          )}
          {step === "leave" && flow.question && (
            <div className="kiosk-flow__leave">
              <p className="kiosk-flow__question" role="alert">
                {flow.question}
              </p>
              <div className="kiosk-flow__answers">
                <button
                  type="button"
                  className="kiosk-button kiosk-button--primary"
                  disabled={flow.processing}
                  onClick={flow.clockInAnyway}
                >
                  {flow.processing ? "Processing..." : "Yes, clock in"}
                </button>
                <button
                  type="button"
                  className="kiosk-button"
                  disabled={flow.processing}
                  onClick={flow.restart}
                >
                  No, cancel
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
