import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { Toaster } from "sonner";

/**
 * The app's toasts (sonner), shown above an open modal dialog too. A modal <dialog> sits in the browser's top
 * layer, above any z-index, and makes the rest of the page inert: a toast about what was done in it (a save,
 * a refusal) would be hidden behind it and unheard by screen readers. So the toaster's element moves into
 * the open modal dialog while there is one and back to the body after; it is the same mounted Toaster, so
 * no toast is lost in the move (a dialog that toasts and closes at once).
 */
export function Toasts() {
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

  return createPortal(
    <Toaster position="top-center" visibleToasts={3} duration={3000} richColors closeButton />,
    host,
  );
}
