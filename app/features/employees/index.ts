// What other parts of the app use from employees: the Employees tab.
export { EmployeesTab } from "./components/employees-tab";
