// What other parts of the app use from live status: the tab and its hook (one socket per location
// serves the whole dashboard).
export { LiveStatusTab } from "./components/live-status-tab";
export { type LiveStatusState, useLiveStatus } from "./use-live-status";
