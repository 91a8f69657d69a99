import type { KioskAction, KioskEmployee, KioskLocation } from "@contracts/kiosk";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../../lib/http";
import type { KioskSource } from "../api";
import { ACTION_LABEL, kioskActions } from "../kiosk-actions";
import { isRetired, KIOSK_TEXT, submitFailure } from "../kiosk-messages";
import { useIdleReset } from "../use-idle-reset";
import type { KioskNotify } from "./kiosk-toasts";
import { PinPad } from "./pin-pad";

/** `leave`: "You're on sick leave today. Clock in anyway?", asked after the right PIN. */
type Step = "action" | "initial" | "name" | "pin" | "leave";
const RESET_AFTER_MS = 2000;
/** After a refusal ("Not checked in"), the PIN step stays this long (the toast's time), then the initials. */
export const REFUSED_RESET_MS = 4000;

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
 * records breaks also offers Start Break and End Break as actions. Nothing lingers for the next person: the
 * PIN field is cleared after every answer, a refusal goes back to the initials, and 30 seconds untouched
 * go back to the start (docs/kiosk.md).
 */
export function KioskFlow({ source, location, notify, onRetired }: Props) {
  const [step, setStep] = useState<Step>("action");
  const [action, setAction] = useState<KioskAction | null>(null);
  const [initials, setInitials] = useState<string[] | null>(null);
  const [initial, setInitial] = useState<string | null>(null);
  const [employees, setEmployees] = useState<KioskEmployee[] | null>(null);
  const [employee, setEmployee] = useState<KioskEmployee | null>(null);
  const [pin, setPin] = useState("");
  const [processing, setProcessing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  /** Counts refusals on the PIN step: each starts the wait before the initials come back. */
  const [refusals, setRefusals] = useState(0);
  /** The PIN of a check-in waiting for "Clock in anyway?": in memory only, never on screen. */
  const pendingPin = useRef<string | null>(null);
  const pinInput = useRef<HTMLInputElement>(null);
  const recordBreaks = location.record_breaks ?? false;
  const actions = kioskActions(recordBreaks);

  useEffect(() => {
    if (step === "pin") pinInput.current?.focus();
  }, [step]);

  // After a refusal, the initials again (the action stays chosen), nobody's name or PIN on screen.
  useEffect(() => {
    if (refusals === 0) return;
    const timer = setTimeout(() => {
      setRefusals(0);
      setStep((current) => (current === "pin" || current === "leave" ? "initial" : current));
      setEmployee(null);
      setQuestion(null);
      setPin("");
      pendingPin.current = null;
    }, REFUSED_RESET_MS);
    return () => clearTimeout(timer);
  }, [refusals]);

  useIdleReset(step !== "action", restart);

  function restart() {
    setStep("action");
    setAction(null);
    setInitial(null);
    setEmployees(null);
    setEmployee(null);
    setPin("");
    setSuccess(null);
    setQuestion(null);
    setRefusals(0);
    pendingPin.current = null;
  }

  /** A load failed: a kiosk no longer in use says so; otherwise the catalogue's toast. */
  function loadFailed(error: unknown, message: string) {
    if (isRetired(error)) onRetired?.();
    else notify.error(message);
  }

  async function chooseAction(chosen: KioskAction) {
    setAction(chosen);
    setStep("initial");
    setInitials(null);
    try {
      setInitials(await source.initials());
    } catch (error) {
      setInitials([]);
      loadFailed(error, KIOSK_TEXT.initials);
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
    } catch (error) {
      setEmployees([]);
      loadFailed(error, KIOSK_TEXT.employees(letter));
    }
  }

  function chooseEmployee(chosen: KioskEmployee) {
    setEmployee(chosen);
    setPin("");
    setStep("pin");
  }

  function back() {
    setRefusals(0);
    if (step === "pin") setStep("name");
    else if (step === "name") setStep("initial");
    else restart();
    setPin("");
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!/^\d{4}$/.test(pin)) return void notify.error(KIOSK_TEXT.pinLength);
    void send(pin, false);
  }

  /** Sends the punch; the PIN field is empty again whatever the answer. */
  async function send(typed: string, confirmLeave: boolean) {
    if (!employee || !action || processing) return;
    setProcessing(true);
    setRefusals(0);
    // One key per attempt: a retry after a lost answer is recognised and recorded once.
    const key = crypto.randomUUID();
    try {
      const answer = await submitWithRetry(() => source.submit(employee, typed, action, key, confirmLeave));
      if (!answer.success) {
        notify.error(KIOSK_TEXT.failed);
        return;
      }
      setQuestion(null);
      setSuccess(answer.message);
      notify.success(answer.message);
      setTimeout(restart, RESET_AFTER_MS);
    } catch (error) {
      const outcome = submitFailure(error);
      if (outcome.next === "ask-leave") {
        pendingPin.current = typed;
        setQuestion(outcome.message);
        setStep("leave");
        return;
      }
      pendingPin.current = null;
      setQuestion(null);
      notify.error(outcome.message);
      if (outcome.next === "retired") onRetired?.();
      else if (outcome.next === "back-to-name") setStep("name");
      else {
        setStep("pin");
        if (outcome.next === "back-to-initial") setRefusals((n) => n + 1);
      }
    } finally {
      setPin("");
      setProcessing(false);
    }
  }

  function clockInAnyway() {
    const typed = pendingPin.current;
    if (typed) void send(typed, true);
  }

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
              {/* No on-screen keyboard (the pad below is one); a real keyboard still types, and Enter submits. */}
              <input
                ref={pinInput}
                id="kiosk-pin"
                type="password"
                inputMode="none"
                autoComplete="off"
                maxLength={4}
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 4))}
              />
              <PinPad
                onDigit={(digit) => setPin((typed) => (typed + digit).slice(0, 4))}
                onDelete={() => setPin((typed) => typed.slice(0, -1))}
                submitLabel={processing ? "Processing..." : ACTION_LABEL[action]}
                canSubmit={pin.length === 4 && !processing}
              />
            </form>
          )}
          {step === "leave" && question && (
            <div className="kiosk-flow__leave">
              <p className="kiosk-flow__question" role="alert">
                {question}
              </p>
              <div className="kiosk-flow__answers">
                <button
                  type="button"
                  className="kiosk-button kiosk-button--primary"
                  disabled={processing}
                  onClick={clockInAnyway}
                >
                  {processing ? "Processing..." : "Yes, clock in"}
                </button>
                <button type="button" className="kiosk-button" disabled={processing} onClick={restart}>
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
