import type { Employee } from "@contracts/employees";
import { Stat } from "../../../components/stat";
import { employeeStats } from "../filters";

/** The Employees tab's four counters (the demo shows them too). */
export function EmployeeStats({ employees }: { employees: Employee[] }) {
  const stats = employeeStats(employees);
  return (
    <div className="stat-grid">
      <Stat label="Employees" value={stats.total} />
      <Stat label="Active" value={stats.active} />
      <Stat label="Checked in now" value={stats.checkedIn} />
      <Stat label="On leave" value={stats.onLeave} />
    </div>
  );
}
