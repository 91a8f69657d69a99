import type { Location } from "@contracts/locations";
import { useMutation } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { lazyComponent } from "../../../lib/lazy";
import { managerSession } from "../../../lib/session";
import "../kiosk-settings.css";

// The dashboard's ways into the kiosk: a tablet paired by a code (./pair-tablet.tsx), this browser becomes a
// paired kiosk, the kiosk page opens in a new tab, or the kiosk flow opens over the dashboard. A kiosk page
// never holds a manager's session (docs/kiosk.md): the first two sign this browser out of the dashboard.

const SIGNS_OUT = "Signs you out here";

/**
 * Makes this browser a paired kiosk for the location (variant B) and opens /kiosk, signing the manager out
 * here once it is paired: anyone at the kiosk could otherwise open the dashboard from it.
 */
export function PairKioskButton({ location }: { location: Location }) {
  const pairing = useMutation({
    // The kiosk settings' calls load with the first pairing: the button is on the dashboard's first screen.
    mutationFn: async () => (await import("../api")).pairThisBrowser(location.id),
    meta: { errorToast: "Could not pair this browser" },
    onSuccess: async (paired) => {
      // The kiosk's code comes only now: the dashboard does not load it to show this button.
      const { KIOSK_TOKEN_KEY } = await import("../../kiosk");
      localStorage.setItem(KIOSK_TOKEN_KEY, paired.token);
      await managerSession.endHere();
      // A page load, not a router navigation: the kiosk is its own document (kiosk.html).
      window.location.assign("/kiosk");
    },
  });
  function pair() {
    const ok = window.confirm(
      `Use this browser as the clock-in kiosk for ${location.name}? You will be signed out of the dashboard here: a kiosk never keeps a manager signed in. It keeps a device key you can revoke from the dashboard.`,
    );
    if (ok) pairing.mutate();
  }
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={pair}
      disabled={pairing.isPending}
    >
      {pairing.isPending ? "Pairing..." : "Use this browser as a kiosk"}
    </button>
  );
}

/** The location's kiosk page in a new tab; opening it signs this browser out of the dashboard, and says so. */
export function OpenKioskLink({ location, label }: { location: Location; label: string }) {
  return (
    <a
      className="button button--ghost button--small open-kiosk"
      href={`/attendance/${location.id}`}
      target="_blank"
      rel="noopener"
      title="Opening the kiosk signs this browser out of the dashboard: a kiosk never keeps a manager signed in."
    >
      <span>{label}</span>
      <span className="open-kiosk__note">{SIGNS_OUT}</span>
    </a>
  );
}

// The overlay brings the kiosk's flow, which the dashboard loads only when the overlay first opens.
const KioskOverlay = lazyComponent(() => import("./kiosk-overlay").then((module) => module.KioskOverlay));

/** The kiosk flow as an overlay on the dashboard (it submits the username, as the kiosk page's form does). */
export function KioskOverlayButton({ location }: { location: Location }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void KioskOverlay.prefetch().catch(() => undefined)}
      >
        Clock someone in here
      </button>
      {/* In the body: on a phone the button sits in a menu that folds away once it is pressed. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <KioskOverlay location={location} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
