// What other parts of the app use from the kiosk settings: the tab and the dashboard's kiosk buttons.
/** The kiosk settings tab: its own chunk, loaded when the dashboard first opens (or points at) the tab. */
export const loadKioskSettingsTab = () =>
  import("./components/kiosk-settings-tab").then((module) => module.KioskSettingsTab);
export { KioskOverlayButton, OpenKioskLink, PairKioskButton } from "./components/kiosk-launchers";
export { PairTabletButton } from "./components/pair-tablet";
