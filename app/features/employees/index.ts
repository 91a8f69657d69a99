// What other parts of the app use from employees: the Employees tab, and the link that opens it showing
// some employees.
export { EmployeesTab } from "./components/employees-tab";
export { employeesLink, linkedEmployees, withoutEmployeesLink } from "./link";
