import { useEffect, useRef } from "react";

/** A kiosk left mid-way goes back to its start after this long without a touch or a key (docs/kiosk.md). */
export const IDLE_RESET_MS = 30_000;
const ACTIVITY = ["pointerdown", "keydown"] as const;

/**
 * Calls `onIdle` once nobody has touched the screen or pressed a key for IDLE_RESET_MS, while `active`: a name
 * chosen or a PIN half typed never waits on screen for the next person.
 */
export function useIdleReset(active: boolean, onIdle: () => void) {
  const latest = useRef(onIdle);
  latest.current = onIdle;
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => latest.current(), IDLE_RESET_MS);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), IDLE_RESET_MS);
    };
    for (const event of ACTIVITY) window.addEventListener(event, touched, { capture: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, touched, { capture: true });
    };
  }, [active]);
}
