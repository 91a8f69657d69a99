// The plan-choice screen keeps the session of an account that must pay in memory only. The sandbox's
// payment page, opened by it in a new tab, asks it for that session over postMessage (same origin only).

const REQUEST = "clocked:sandbox-session-request";
const ANSWER = "clocked:sandbox-session";
const COMPLETE = "clocked:sandbox-complete";

type Message = { type?: unknown; session_id?: unknown };

const fromThisSite = (event: MessageEvent) => event.origin === window.location.origin;

/** In the sandbox tab: the opener's in-memory session, or null when there is none to ask. */
export function sessionFromOpener(timeoutMs = 2000): Promise<string | null> {
  const opener = window.opener as Window | null;
  if (!opener) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(null), timeoutMs);
    function done(value: string | null) {
      clearTimeout(timer);
      window.removeEventListener("message", onMessage);
      resolve(value);
    }
    function onMessage(event: MessageEvent<Message>) {
      if (fromThisSite(event) && event.data?.type === ANSWER && typeof event.data.session_id === "string") {
        done(event.data.session_id);
      }
    }
    window.addEventListener("message", onMessage);
    opener.postMessage({ type: REQUEST }, window.location.origin);
  });
}

/** In the sandbox tab, after payment: tells the opener to check the account again. */
export function tellOpenerComplete() {
  (window.opener as Window | null)?.postMessage({ type: COMPLETE }, window.location.origin);
}

/** In the plan-choice screen: answers session requests from this site's tabs; returns the cleanup. */
export function answerSandboxRequests(sessionId: string, onComplete: () => void): () => void {
  function onMessage(event: MessageEvent<Message>) {
    if (!fromThisSite(event)) return;
    if (event.data?.type === REQUEST && event.source) {
      (event.source as Window).postMessage({ type: ANSWER, session_id: sessionId }, window.location.origin);
    }
    if (event.data?.type === COMPLETE) onComplete();
  }
  window.addEventListener("message", onMessage);
  return () => window.removeEventListener("message", onMessage);
}
