import { type CSSProperties, useMemo, useRef, useState } from "react";

/** How the kiosk flow reports an outcome; sonner's `toast` has this shape too (the dashboard's overlay). */
export type KioskNotify = Record<ToastKind, (message: string) => void>;
type ToastKind = "success" | "error" | "info";
type Toast = { id: number; kind: ToastKind; message: string };

const VISIBLE = 3;
const DURATION_MS = 4000;

/**
 * The kiosk page's toasts, as the rest of the app shows them (top centre, 3 at most, 4 s each) without
 * sonner, which was most of the kiosk's own download. Returns the toasts to render and the notifier.
 */
export function useKioskToasts(): [Toast[], KioskNotify] {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const notify = useMemo(() => {
    const show = (kind: ToastKind) => (message: string) => {
      const id = nextId.current++;
      setToasts((current) => [{ id, kind, message }, ...current].slice(0, VISIBLE));
      setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), DURATION_MS);
    };
    return { success: show("success"), error: show("error"), info: show("info") };
  }, []);
  return [toasts, notify];
}

/**
 * Newest in front, older ones stacked behind it. The live region is always there, so screen readers hear
 * each toast as it is added.
 */
export function KioskToasts({ toasts }: { toasts: Toast[] }) {
  return (
    <section
      className="kiosk-toasts"
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
    >
      <ol>
        {toasts.map((toast, index) => (
          <li
            key={toast.id}
            className={`kiosk-toast kiosk-toast--${toast.kind}`}
            style={{ "--kiosk-toast-index": index } as CSSProperties}
          >
            <svg className="kiosk-toast__icon" viewBox="0 0 20 20" aria-hidden="true">
              <circle cx="10" cy="10" r="9" />
              <path d={ICON_PATHS[toast.kind]} />
            </svg>
            <span>{toast.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A tick, an exclamation mark and an "i", drawn in white on the toast's colour. */
const ICON_PATHS: Record<ToastKind, string> = {
  success: "M6 10.5l2.6 2.6L14 7.5",
  error: "M10 5.5v5.5M10 13.6v.9",
  info: "M10 9v5.5M10 5.6v.9",
};
