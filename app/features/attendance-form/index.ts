// What other parts of the app use from the attendance form: the tab and the dashboard's kiosk buttons.
export { AttendanceFormTab } from "./components/attendance-form-tab";
export { KioskOverlayButton, OpenKioskLink, PairKioskButton } from "./components/kiosk-launchers";
export { PairTabletButton } from "./components/pair-tablet";
