import {
  isBackgroundTheme,
  isButtonShape,
  type KioskAppearance,
  type KioskSetup,
} from "@contracts/appearance";
import type { KioskLocation } from "@contracts/kiosk";
import { useCallback, useEffect, useState } from "react";
import { detailOr } from "../../../lib/http";
import type { KioskSource } from "../api";
import { isRetired, KIOSK_TEXT } from "../kiosk-messages";
import { useKioskAppearance } from "../use-kiosk-appearance";
import { KioskFlow } from "./kiosk-flow";
import type { KioskNotify } from "./kiosk-toasts";

/** Classes for the location's kiosk appearance; unknown values fall back to the defaults. */
export const appearanceClasses = (location: Pick<KioskAppearance, "background_theme" | "button_shape">) =>
  `kiosk--theme-${isBackgroundTheme(location.background_theme) ? location.background_theme : "white"} ` +
  `kiosk--shape-${isButtonShape(location.button_shape) ? location.button_shape : "rectangle"}`;

/** Loads the location, then runs the flow in its colours and button shapes. */
export function KioskScreen({ source, notify }: { source: KioskSource; notify: KioskNotify }) {
  const [location, setLocation] = useState<KioskLocation | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [retired, setRetired] = useState(false);
  const [loads, setLoads] = useState(0);
  const retire = useCallback(() => setRetired(true), []);

  // An open kiosk takes a new look without a reload; when it may no longer be used unpaired, it loads
  // the location again and shows why.
  const applyAppearance = useCallback(
    (appearance: KioskSetup) => setLocation((current) => current && { ...current, ...appearance }),
    [],
  );
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  useKioskAppearance(source, location !== null && !failed && !retired, applyAppearance, reload);

  useEffect(() => {
    let live = true;
    void loads;
    source
      .location()
      .then((loaded) => {
        if (!live) return;
        setLocation(loaded);
        document.title = `${loaded.name} — Clock in`;
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (isRetired(error)) return setRetired(true);
        setFailed(detailOr(error, `${KIOSK_TEXT.location}. Check the link, or ask your manager.`));
        notify.error(KIOSK_TEXT.location);
      });
    return () => {
      live = false;
    };
  }, [source, loads, notify]);

  if (retired) {
    return (
      <main className="kiosk kiosk--theme-white">
        <div className="kiosk-flow">
          <h1>{KIOSK_TEXT.retired}</h1>
          <p className="kiosk-flow__hint">
            Its location has closed, so staff cannot clock in here any more. A manager can set this device up
            for another location.
          </p>
        </div>
      </main>
    );
  }
  if (failed) {
    return (
      <main className="kiosk kiosk--theme-white">
        <div className="kiosk-flow">
          <h1>Kiosk unavailable</h1>
          <p className="kiosk-flow__hint">{failed}</p>
        </div>
      </main>
    );
  }
  return (
    <main className={`kiosk ${location ? appearanceClasses(location) : "kiosk--theme-white"}`}>
      {location ? (
        <KioskFlow source={source} location={location} notify={notify} onRetired={retire} />
      ) : (
        <p className="kiosk-flow__hint">Loading…</p>
      )}
    </main>
  );
}
