// What other parts of the app use from pay: the pay periods (Timesheets offers them), and the Hours tab's
// Pay schedule card.
export { payRulesQuery } from "./api";
export { PayScheduleCard } from "./components/pay-schedule-card";
