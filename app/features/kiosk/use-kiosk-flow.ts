import type { KioskAction, KioskEmployee, KioskLocation } from "@contracts/kiosk";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../lib/http";
import type { KioskSource } from "./api";
import type { KioskNotify } from "./components/kiosk-toasts";
import { isRetired, KIOSK_TEXT, submitFailure } from "./kiosk-messages";
import { useIdleReset } from "./use-idle-reset";

/** `leave`: "You're on sick leave today. Clock in anyway?", asked after the right PIN. */
export type KioskStep = "action" | "initial" | "name" | "pin" | "leave";
const RESET_AFTER_MS = 2000;
/** After a refusal ("Not checked in"), the PIN step stays this long (the toast's time), then the initials. */
export const REFUSED_RESET_MS = 4000;

export type KioskFlowOptions = {
  source: KioskSource;
  location: Pick<KioskLocation, "name">;
  notify: KioskNotify;
  onRetired?: () => void;
};

/**
 * The clock-in flow's state and what each press does (./components/kiosk-flow.tsx shows it): the step, the
 * choices so far, the PIN being typed, and the answers. Nothing lingers for the next person: the PIN is
 * cleared after every answer, a refusal goes back to the initials, 30 seconds untouched back to the start.
 */
export function useKioskFlow({ source, location, notify, onRetired }: KioskFlowOptions) {
  const [step, setStep] = useState<KioskStep>("action");
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

  return {
    step,
    action,
    initials,
    initial,
    employees,
    employee,
    pin,
    setPin,
    processing,
    success,
    question,
    restart,
    chooseAction,
    chooseInitial,
    chooseEmployee,
    back,
    submit,
    clockInAnyway,
  };
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
