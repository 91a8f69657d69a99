// What other parts of the app use from pay: the pay periods (Timesheets offers them) and the payroll export
// in its pay-period bar, and the Hours tab's Pay schedule and Overtime and pay codes cards.
export { payRulesQuery } from "./api";
export { OvertimeCard } from "./components/overtime-card";
export { PayScheduleCard } from "./components/pay-schedule-card";
export { PayrollCodesCard } from "./components/payroll-codes-card";
export { PayrollExport } from "./components/payroll-export";
export { overtimeText } from "./format";
