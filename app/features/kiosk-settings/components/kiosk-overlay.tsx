import type { Location } from "@contracts/locations";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { toast } from "../../../lib/toast";
import { KioskFlow, locationKiosk } from "../../kiosk";
import { customizationQuery } from "../../location-settings";

/** The kiosk flow over the dashboard, as a modal dialog: "Clock someone in here" (./kiosk-launchers.tsx). */
export function KioskOverlay({ location, onClose }: { location: Location; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const source = useMemo(() => locationKiosk(location.id, "username"), [location.id]);
  // Whether to offer the break buttons; without the settings, clock in and clock out only.
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
