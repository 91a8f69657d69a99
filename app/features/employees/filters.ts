import { EMPLOYEE_STATUSES, type Employee, STATUS_LABELS, statusOf } from "@contracts/employees";

// The Employees tab's status filter: every status, plus on_leave (any status but active) and inactive.
export const FILTERS = [
  { value: "all", label: "All statuses" },
  ...EMPLOYEE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: "on_leave", label: "On leave" },
  { value: "inactive", label: "Inactive" },
] as const;

export type Filter = (typeof FILTERS)[number]["value"];

export function matchesFilter(employee: Employee, filter: Filter): boolean {
  const status = statusOf(employee.current_status);
  if (filter === "all") return true;
  if (filter === "inactive") return !employee.active;
  if (filter === "on_leave") return status !== "active";
  return status === filter;
}

export function matchesSearch(employee: Employee, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    employee.first_name,
    employee.last_name,
    employee.username,
    `${employee.first_name} ${employee.last_name}`,
  ]
    .map((text) => text.toLowerCase())
    .some((text) => text.includes(needle));
}

export function employeeStats(employees: Employee[]) {
  return {
    total: employees.length,
    active: employees.filter((e) => e.active).length,
    checkedIn: employees.filter((e) => e.checked_in).length,
    onLeave: employees.filter((e) => statusOf(e.current_status) !== "active").length,
  };
}
