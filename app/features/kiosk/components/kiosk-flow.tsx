import type { KioskAction, KioskEmployee, KioskLocation } from "@contracts/kiosk";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../../lib/http";
import type { KioskSource } from "../api";
import { ACTION_LABEL, kioskActions } from "../kiosk-actions";
import { KIOSK_TEXT, submitFailure } from "../kiosk-messages";
import type { KioskNotify } from "./kiosk-toasts";

type Step = "action" | "initial" | "name" | "pin";
const RESET_AFTER_MS = 2000;

type Props = {
  source: KioskSource;
  /**
   * What the header shows (the location's name and, when it has one, its logo) and whether step 1 offers
   * the break buttons (off when not given).
   */
  location: Pick<KioskLocation, "name"> & Partial<Pick<KioskLocation, "logo_url" | "record_breaks">>;
  notify: KioskNotify;
};

/**
 * The four-step clock-in flow (spec §2, §4): action, initial, name, PIN. A location that records breaks
 * also offers Start Break and End Break as actions.
 */
export function KioskFlow({ source, location, notify }: Props) {
  const [step, setStep] = useState<Step>("action");
  const [action, setAction] = useState<KioskAction | null>(null);
  const [initials, setInitials] = useState<string[] | null>(null);
  const [initial, setInitial] = useState<string | null>(null);
  const [employees, setEmployees] = useState<KioskEmployee[] | null>(null);
  const [employee, setEmployee] = useState<KioskEmployee | null>(null);
  const [pin, setPin] = useState("");
  const [processing, setProcessing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const pinInput = useRef<HTMLInputElement>(null);
  const recordBreaks = location.record_breaks ?? false;
  const actions = kioskActions(recordBreaks);

  useEffect(() => {
    if (step === "pin") pinInput.current?.focus();
  }, [step]);

  function restart() {
    setStep("action");
    setAction(null);
    setInitial(null);
    setEmployees(null);
    setEmployee(null);
    setPin("");
    setSuccess(null);
  }

  async function chooseAction(chosen: KioskAction) {
    setAction(chosen);
    setStep("initial");
    setInitials(null);
    try {
      setInitials(await source.initials());
    } catch {
      setInitials([]);
      notify.error(KIOSK_TEXT.initials);
    }
  }

  async function chooseInitial(letter: string) {
    setInitial(letter);
    setEmployees(null);
    setStep("name");
    try {
      const list = await source.employees(letter);
      setEmployees(list);
      if (list.length === 0) notify.info(KIOSK_TEXT.noneWithInitialAt(letter, location.name));
    } catch {
      setEmployees([]);
      notify.error(KIOSK_TEXT.employees(letter));
    }
  }

  function chooseEmployee(chosen: KioskEmployee) {
    setEmployee(chosen);
    setPin("");
    setStep("pin");
  }

  function back() {
    if (step === "pin") setStep("name");
    else if (step === "name") setStep("initial");
    else restart();
    setPin("");
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!employee || !action || processing) return;
    if (!/^\d{4}$/.test(pin)) return void notify.error(KIOSK_TEXT.pinLength);
    setProcessing(true);
    // One key per attempt: a retry after a lost answer is recognised and recorded once.
    const key = crypto.randomUUID();
    try {
      const answer = await submitWithRetry(() => source.submit(employee, pin, action, key));
      if (!answer.success) {
        notify.error(KIOSK_TEXT.failed);
        return;
      }
      setSuccess(answer.message);
      notify.success(answer.message);
      setTimeout(restart, RESET_AFTER_MS);
    } catch (error) {
      const outcome = submitFailure(error);
      notify.error(outcome.message);
      if (outcome.next !== "stay") setPin("");
      if (outcome.next === "back-to-name") setStep("name");
    } finally {
      setProcessing(false);
    }
  }

  return (
    <div className="kiosk-flow">
      <header className="kiosk-flow__header">
        {location.logo_url && <img className="kiosk-flow__logo" src={`/api${location.logo_url}`} alt="" />}
        <h1>{location.name}</h1>
        <p className="kiosk-flow__context" aria-live="polite">
          {action ? ACTION_LABEL[action] : "Welcome"}
          {employee && step === "pin" ? ` · ${employee.first_name} ${employee.last_name}` : ""}
        </p>
      </header>

      {success ? (
        <output className="kiosk-flow__success">{success}</output>
      ) : (
        <>
          {step !== "action" && (
            <button type="button" className="kiosk-button kiosk-flow__back" onClick={back}>
              ← Back
            </button>
          )}
          {step === "action" && (
            <div className={`kiosk-flow__actions${recordBreaks ? " kiosk-flow__actions--breaks" : ""}`}>
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`kiosk-button kiosk-button--primary kiosk-button--${a}`}
                  onClick={() => chooseAction(a)}
                >
                  {ACTION_LABEL[a]}
                </button>
              ))}
            </div>
          )}
          {step === "initial" && <InitialGrid initials={initials} onChoose={chooseInitial} />}
          {step === "name" && initial && (
            <NameList initial={initial} employees={employees} onChoose={chooseEmployee} />
          )}
          {step === "pin" && action && (
            <form className="kiosk-flow__pin" onSubmit={submit}>
              <label htmlFor="kiosk-pin">Enter your 4-digit PIN</label>
              <input
                ref={pinInput}
                id="kiosk-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
              />
              <button
                type="submit"
                className="kiosk-button kiosk-button--primary"
                disabled={pin.length !== 4 || processing}
              >
                {processing ? "Processing..." : ACTION_LABEL[action]}
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}

function InitialGrid({
  initials,
  onChoose,
}: {
  initials: string[] | null;
  onChoose: (letter: string) => void;
}) {
  if (initials === null) return <p className="kiosk-flow__hint">Loading…</p>;
  if (initials.length === 0) return <p className="kiosk-flow__hint">{KIOSK_TEXT.noEmployees}</p>;
  return (
    <fieldset className="kiosk-flow__group">
      <legend className="visually-hidden">First-name initial</legend>
      <div className="kiosk-flow__initials">
        {initials.map((letter) => (
          <button key={letter} type="button" className="kiosk-button" onClick={() => onChoose(letter)}>
            {letter}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Beyond this many names under one initial, the list packs tighter to stay on one tablet screen. */
const CROWDED = 12;

type NameListProps = {
  initial: string;
  employees: KioskEmployee[] | null;
  onChoose: (e: KioskEmployee) => void;
};

function NameList({ initial, employees, onChoose }: NameListProps) {
  if (employees === null) return <p className="kiosk-flow__hint">Loading…</p>;
  if (employees.length === 0)
    return <p className="kiosk-flow__hint">{KIOSK_TEXT.noneWithInitial(initial)}</p>;
  return (
    <fieldset className="kiosk-flow__group">
      <legend className="visually-hidden">Your name</legend>
      <div className={`kiosk-flow__names${employees.length > CROWDED ? " kiosk-flow__names--crowded" : ""}`}>
        {employees.map((e) => (
          <button
            key={e.id}
            type="button"
            className="kiosk-button kiosk-button--name"
            onClick={() => onChoose(e)}
          >
            <span className="kiosk-button__name">
              {e.first_name} {e.last_name}
            </span>
            <span className="kiosk-button__username">{e.username}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A flaky tablet loses answers: retry once, with the same idempotency key, when the network failed or
 * the server asked for a retry (503: the location's hub restarted mid-submit).
 */
async function submitWithRetry<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiFailure) || (error.status !== 0 && error.status !== 503)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return send();
  }
}
