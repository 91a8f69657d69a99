// What other parts of the app use from timesheets: the view (the Hours tab mounts it), its queries, and the
// helper that turns a wall date and time in a location's zone into an instant.
export { allTimesheets, timesheetQuery } from "./api";
export { TimesheetsView } from "./components/timesheets-view";
export { zonedInstant } from "./time";
