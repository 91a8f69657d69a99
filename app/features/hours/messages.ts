// Texts both the staff hours' call (./api.ts) and its view (./components/staff-hours-view.tsx) say: here, so
// the dashboard's first screen, which reads the review badge through ./api.ts, does not load the view.

export const STAFF_HOURS_FAILED = "Failed to load staff hours. Please try again.";
