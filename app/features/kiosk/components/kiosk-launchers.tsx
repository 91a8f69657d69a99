import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { PairDeviceResponse } from "../../../../worker/contracts/kiosk";
import type { Location } from "../../../../worker/contracts/locations";
import { apiRequest, detailOr } from "../../../lib/api";
import { KIOSK_TOKEN_KEY, locationKiosk } from "../api";
import "../kiosk.css";
import { KioskFlow } from "./kiosk-flow";

/** Makes this browser a paired kiosk for the location (variant B) and opens /kiosk. */
export function PairKioskButton({ location }: { location: Location }) {
  const [busy, setBusy] = useState(false);
  async function pair() {
    const ok = window.confirm(
      `Use this browser as the clock-in kiosk for ${location.name}? It keeps a device key you can revoke from the dashboard.`,
    );
    if (!ok) return;
    setBusy(true);
    try {
      const paired = await apiRequest<PairDeviceResponse>(
        "POST",
        `/manager/kiosk-devices/${encodeURIComponent(location.id)}`,
        { auth: true, body: { label: browserLabel() } },
      );
      localStorage.setItem(KIOSK_TOKEN_KEY, paired.token);
      // A page load, not a router navigation: the kiosk is its own document (kiosk.html).
      window.location.assign("/kiosk");
    } catch (error) {
      toast.error(detailOr(error, "Could not pair this browser"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--ghost button--small" onClick={pair} disabled={busy}>
      {busy ? "Pairing..." : "Use this browser as a kiosk"}
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
      {open && <KioskOverlay location={location} onClose={() => setOpen(false)} />}
    </>
  );
}

function KioskOverlay({ location, onClose }: { location: Location; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const source = useMemo(() => locationKiosk(location.id, "username"), [location.id]);
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
      <KioskFlow source={source} location={{ id: location.id, name: location.name }} notify={toast} />
    </dialog>
  );
}
