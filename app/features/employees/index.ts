// What other parts of the app use from employees: the Employees tab, and the link that opens it showing
// some employees.
/** The Employees tab: its own chunk, loaded when the dashboard first opens (or points at) the tab. */
export const loadEmployeesTab = () =>
  import("./components/employees-tab").then((module) => module.EmployeesTab);
export { employeesLink, linkedEmployees, withoutEmployeesLink } from "./link";
