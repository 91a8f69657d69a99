// What other parts of the app use from hours: the Hours tab, and its badge (sessions needing review).
export { HoursTab } from "./components/hours-tab";
export { ReviewBadge, reviewTabName } from "./components/review-badge";
export { useSessionsNeedingReview } from "./use-staff-hours";
