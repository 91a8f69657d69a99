// What other parts of the app use from hours: the Hours tab, and its badge (sessions needing review).
/** The Hours tab: its own chunk, loaded when the dashboard first opens (or points at) the tab. */
export const loadHoursTab = () => import("./components/hours-tab").then((module) => module.HoursTab);
export { ReviewBadge, reviewTabName } from "./components/review-badge";
export { useSessionsNeedingReview } from "./use-staff-hours";
