// What other parts of the app use from hours: the Hours tab.
export { HoursTab } from "./components/hours-tab";
