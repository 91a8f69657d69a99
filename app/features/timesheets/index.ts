// What other parts of the app use from timesheets: the view (the Hours tab mounts it), its queries, the
// location's clock (wall dates and times in its zone, weeks), and the pieces its dialogs share with the rota's.
export { allTimesheets, timesheetQuery } from "./api";
export { ErrorAlert } from "./components/entry-fields";
export { TimesheetsView } from "./components/timesheets-view";
export {
  dayAndMonth,
  dayHeading,
  dayName,
  hoursAndMinutes,
  mondayOf,
  todayIn,
  wallParts,
  weekDates,
  zonedInstant,
  zonedIso,
} from "./time";
export { problemOf, useRun } from "./use-entry-correction";
export { useFocusRescue } from "./use-focus-rescue";
