/**
 * Runs `task` once the browser is first idle, and at the latest `timeoutMs` from now (what a screen fetches
 * after it has painted); gives back what cancels it. Safari has no requestIdleCallback: there it waits the
 * full time.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === "function") {
    const idle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = setTimeout(task, timeoutMs);
  return () => clearTimeout(timer);
}
