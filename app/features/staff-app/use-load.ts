import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "./api";

// The staff app's one way to load something for a screen: no query library on a phone's first screen.
// `key`: load again when it changes (a week, a period); `reload()` loads again now.

export type Loaded<T> =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; value: T };

export function useLoad<T>(load: () => Promise<T>, key = "") {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const latest = useRef(load);
  latest.current = load;
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` are when to load again.
  useEffect(() => {
    let live = true;
    latest.current().then(
      (value) => live && setLoaded({ state: "ready", value }),
      (error: unknown) =>
        live &&
        setLoaded({
          state: "failed",
          message: error instanceof ApiFailure ? error.message : "Something went wrong. Please try again.",
        }),
    );
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { loaded, reload };
}
