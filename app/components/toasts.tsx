import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { loadSonner, useSonner } from "../lib/toast";
import { whenIdle } from "../lib/when-idle";

/** At the latest, sonner loads this long after the screen has painted, idle or not. */
const IDLE_WAIT_MS = 2000;

/**
 * The app's toasts (sonner), shown above an open modal dialog too. A modal <dialog> sits in the browser's top
 * layer, above any z-index, and makes the rest of the page inert: a toast about what was done in it (a save,
 * a refusal) would be hidden behind it and unheard by screen readers. So the toaster's element moves into
 * the open modal dialog while there is one and back to the body after; it is the same mounted Toaster, so
 * no toast is lost in the move (a dialog that toasts and closes at once). sonner itself loads with the first
 * toast or when the browser is first idle (../lib/toast.ts); its Toaster then shows what was asked for.
 */
export function Toasts() {
  const sonner = useSonner();
  const [host] = useState(() => {
    const element = document.createElement("div");
    element.className = "toasts";
    return element;
  });

  useEffect(() => {
    const place = () => {
      // The newest modal dialog is the last one opened; nested modals are not used here.
      const dialog = [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal")).at(-1);
      const target = dialog ?? document.body;
      if (host.parentElement !== target) target.append(host);
    };
    place();
    // A dialog opens (its `open` attribute) or leaves the page (React removes it with its content).
    const watch = new MutationObserver(place);
    watch.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["open"],
    });
    return () => {
      watch.disconnect();
      host.remove();
    };
  }, [host]);

  useEffect(() => {
    if (sonner) return;
    return whenIdle(() => {
      loadSonner().catch(() => {
        // The first toast tries again.
      });
    }, IDLE_WAIT_MS);
  }, [sonner]);

  if (!sonner) return null;
  const { Toaster } = sonner;
  return createPortal(
    <Toaster position="top-center" visibleToasts={3} duration={3000} richColors closeButton />,
    host,
  );
}
