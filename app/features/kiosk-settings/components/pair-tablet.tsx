import type { Location } from "@contracts/locations";
import { Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { lazyComponent } from "../../../lib/lazy";

// Pairing a tablet without signing in on it (docs/kiosk.md): the dashboard shows a one-time code, the tablet's
// /kiosk page takes it, and the new device appears here as soon as the location's hub says so.

// The dialog loads when first opened (or when the button is pointed at or focused).
const PairTabletDialog = lazyComponent(() =>
  import("./pair-tablet-dialog").then((module) => module.PairTabletDialog),
);
const prefetchDialog = () => {
  PairTabletDialog.prefetch().catch(() => {
    // Opening it tries again.
  });
};

/** "Pair a tablet": makes a code and shows it until the tablet has used it. */
export function PairTabletButton({ location }: { location: Location }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setOpen(true)}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        Pair a tablet
      </button>
      {/* In the body: on a phone the button sits in a menu that folds away once it is pressed. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <PairTabletDialog location={location} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
