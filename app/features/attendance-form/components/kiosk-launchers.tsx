import type { Location } from "@contracts/locations";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { toast } from "sonner";
import { KIOSK_TOKEN_KEY, KioskFlow, locationKiosk } from "../../kiosk";
import { customizationQuery } from "../../location-settings";
import { pairThisBrowser } from "../api";

// The dashboard's two ways into the kiosk: this browser becomes a paired kiosk, or the kiosk flow opens
// over the dashboard.

/** Makes this browser a paired kiosk for the location (variant B) and opens /kiosk. */
export function PairKioskButton({ location }: { location: Location }) {
  const pairing = useMutation({
    mutationFn: () => pairThisBrowser(location.id, browserLabel()),
    meta: { errorToast: "Could not pair this browser" },
    onSuccess: (paired) => {
      localStorage.setItem(KIOSK_TOKEN_KEY, paired.token);
      // A page load, not a router navigation: the kiosk is its own document (kiosk.html).
      window.location.assign("/kiosk");
    },
  });
  function pair() {
    const ok = window.confirm(
      `Use this browser as the clock-in kiosk for ${location.name}? It keeps a device key you can revoke from the dashboard.`,
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

function browserLabel() {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Chrome\//.test(agent)
      ? "Chrome"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const device = /iPad|Tablet|Android(?!.*Mobile)/.test(agent)
    ? "tablet"
    : /Mobile/.test(agent)
      ? "phone"
      : "computer";
  return `${browser} on a ${device}, paired ${new Date().toLocaleDateString("en-GB")}`;
}

/** The kiosk flow as an overlay on the dashboard (it submits the username, as spec §7's overlay does). */
export function KioskOverlayButton({ location }: { location: Location }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
        Clock someone in here
      </button>
      {/* In the body: on a phone the button sits in a menu that folds away once it is pressed. */}
      {open &&
        createPortal(<KioskOverlay location={location} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function KioskOverlay({ location, onClose }: { location: Location; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const source = useMemo(() => locationKiosk(location.id, "username"), [location.id]);
  // Whether to offer the break buttons; without the settings, the spec's two buttons.
  const settings = useQuery(customizationQuery(location.id));
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="kiosk-overlay kiosk kiosk--theme-white"
      aria-label={`Kiosk for ${location.name}`}
      onClose={onClose}
    >
      <button
        type="button"
        className="button button--ghost button--small kiosk-overlay__close"
        onClick={onClose}
      >
        Close
      </button>
      {settings.isPending ? (
        <p className="kiosk-flow__hint">Loading…</p>
      ) : (
        <KioskFlow
          source={source}
          location={{ name: location.name, record_breaks: settings.data?.customization.record_breaks }}
          notify={toast}
        />
      )}
    </dialog>
  );
}
