// What other parts of the app use from compliance: the dashboard's Compliance tab, and the holiday balances
// (the Employees tab shows an irregular-hours worker's balance in their row).
export { holidayBalancesQuery, workerHolidayQuery } from "./api";
/** The Compliance tab: its own chunk, loaded when the dashboard first opens (or points at) the tab. */
export const loadComplianceTab = () =>
  import("./components/compliance-tab").then((module) => module.ComplianceTab);
