import { useEffect, useState } from "react";

// The app's toasts. sonner (9 kB gzipped) is not on the dashboard's first screen: it loads with the first
// toast, or when the browser is first idle after a screen that shows toasts has painted (docs/dashboard.md).
// A toast made before sonner's Toaster mounted is shown once it has: sonner gives a new Toaster the
// toasts still active.

type Sonner = typeof import("sonner");

let loaded: Sonner | null = null;
let loading: Promise<Sonner> | undefined;
const waiting = new Set<(sonner: Sonner) => void>();

/** Loads sonner once; a failed download is forgotten, so the next toast tries again. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (sonner) => {
      loaded = sonner;
      for (const tell of waiting) tell(sonner);
      return sonner;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What sonner's toasts show: text, or a React node. */
type Message = Parameters<Sonner["toast"]["success"]>[0];

const show = (kind: "success" | "error" | "info") => (message: Message) => {
  if (loaded) {
    loaded.toast[kind](message);
    return;
  }
  loadSonner().then(
    (sonner) => sonner.toast[kind](message),
    () => {
      // The toasts' code could not be fetched (offline): the screen itself still shows what happened.
    },
  );
};

/** sonner's `toast.success`, `toast.error` and `toast.info`, callable before sonner has loaded. */
export const toast = { success: show("success"), error: show("error"), info: show("info") };

/** sonner once it has loaded (for the Toaster), null until then. */
export function useSonner(): Sonner | null {
  const [sonner, setSonner] = useState(loaded);
  useEffect(() => {
    if (sonner) return;
    waiting.add(setSonner);
    if (loaded) setSonner(loaded);
    return () => {
      waiting.delete(setSonner);
    };
  }, [sonner]);
  return sonner;
}
