// What other parts of the app use from compliance: the dashboard's Compliance tab, and the holiday balances
// (the Employees tab shows an irregular-hours worker's balance in their row).
export { holidayBalancesQuery } from "./api";
export { ComplianceTab } from "./components/compliance-tab";
