import { useCallback, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import type { Employee } from "../../../../worker/contracts/employees";
import type { Location } from "../../../../worker/contracts/locations";
import { hasFeature } from "../../../../worker/domain/plans";
import { detailOr } from "../../../lib/api";
import { Stat } from "../../live-status/components/live-status-view";
import { employeesApi } from "../api";
import { employeeStats, FILTERS, type Filter, matchesFilter, matchesSearch } from "../filters";
import { AddEmployeeForm } from "./add-employee-form";
import { BreakInfo, useBreaks } from "./break-info";
import { BreaksDialog } from "./breaks-dialog";
import { NameDialog, PinDialog, StatusDialog } from "./employee-dialogs";
import { type EmployeeAction, EmployeeTable } from "./employee-table";
import { LeaveAnalyticsCard } from "./leave-analytics-card";

type Props = {
  location: Location;
  /** Moves whenever the location's hub pushes a change. */
  changes: number;
  plan: string;
};
type Open = { action: "status" | "name" | "pin" | "breaks"; employee: Employee } | null;

export function EmployeesTab({ location, changes, plan }: Props) {
  const [employees, setEmployees] = useState<Employee[] | null>(null);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [open, setOpen] = useState<Open>(null);
  const employeeBreaks = hasFeature({ plan }, "employeeBreaks");
  const breaks = useBreaks(location.id, changes);

  const load = useCallback(async () => {
    try {
      setEmployees((await employeesApi.list(location.id)).employees);
    } catch (error) {
      toast.error(detailOr(error, "Could not load employees"));
    }
  }, [location.id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the trigger to refetch
  useEffect(() => {
    void load();
  }, [load, changes]);

  async function add(employee: { first_name: string; last_name: string; pin: string }) {
    if (!employee.first_name.trim() || !employee.last_name.trim()) {
      toast.error("First and last name are required");
      return false;
    }
    if (!/^\d{4}$/.test(employee.pin)) {
      toast.error("PIN must be exactly 4 digits");
      return false;
    }
    try {
      const created = await employeesApi.create(location.id, employee);
      toast.success(`${created.employee.first_name} added — kiosk username ${created.employee.username}`);
      await load();
      return true;
    } catch (error) {
      toast.error(detailOr(error, "Error creating employee"));
      return false;
    }
  }

  async function act(action: EmployeeAction, employee: Employee) {
    const name = `${employee.first_name} ${employee.last_name}`;
    if (action === "status" || action === "name" || action === "pin" || action === "breaks") {
      return setOpen({ action, employee });
    }
    try {
      if (action === "toggle-active") {
        await employeesApi.setActive(employee.id, !employee.active);
        toast.success(`${name} ${employee.active ? "deactivated" : "activated"}`);
      } else if (action === "delete") {
        if (!window.confirm(`Delete ${name}? Their attendance history and hours are kept.`)) return;
        await employeesApi.remove(employee.id);
        toast.success(`${name} deleted`);
      }
      await load();
    } catch (error) {
      toast.error(
        detailOr(error, action === "delete" ? "Error deleting employee" : "Error updating employee status"),
      );
    }
  }

  const done = () => {
    setOpen(null);
    void load();
    void breaks.reload();
  };

  if (!employees) return <p className="muted">Loading employees…</p>;
  const stats = employeeStats(employees);
  const shown = employees.filter((e) => matchesFilter(e, filter) && matchesSearch(e, search));
  return (
    <div className="employees">
      <div className="stat-grid">
        <Stat label="Employees" value={stats.total} />
        <Stat label="Active" value={stats.active} />
        <Stat label="Checked in now" value={stats.checkedIn} />
        <Stat label="On leave" value={stats.onLeave} />
      </div>
      <BreakInfo
        settings={breaks.settings}
        overrides={breaks.overrides.length}
        employeeBreaks={employeeBreaks}
      />
      <LeaveAnalyticsCard locationId={location.id} changes={changes} />
      <AddEmployeeForm onAdd={add} />
      <EmployeeFilters search={search} filter={filter} onSearch={setSearch} onFilter={setFilter} />
      {shown.length === 0 ? (
        <p className="muted card">
          {employees.length === 0
            ? "No employees yet: add your first above."
            : "No employees match these filters."}
        </p>
      ) : (
        <EmployeeTable employees={shown} onAction={act} showBreaks={employeeBreaks} />
      )}
      {open?.action === "status" && (
        <StatusDialog employee={open.employee} onDone={done} onClose={() => setOpen(null)} />
      )}
      {open?.action === "name" && (
        <NameDialog employee={open.employee} onDone={done} onClose={() => setOpen(null)} />
      )}
      {open?.action === "breaks" && (
        <BreaksDialog
          employee={open.employee}
          locationId={location.id}
          override={breaks.overrides.find((o) => o.employee_id === open.employee.id) ?? null}
          standard={{
            breakMinutes: breaks.settings?.standard_break_minutes ?? 30,
            workHours: breaks.settings?.workday_hours ?? 8,
          }}
          onDone={done}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.action === "pin" && (
        <PinDialog employee={open.employee} onDone={done} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

type FiltersProps = {
  search: string;
  filter: Filter;
  onSearch: (value: string) => void;
  onFilter: (value: Filter) => void;
};

export function EmployeeFilters({ search, filter, onSearch, onFilter }: FiltersProps) {
  const id = useId();
  return (
    <div className="filters">
      <label htmlFor={`${id}-search`} className="visually-hidden">
        Search employees
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Search by name or username"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <label htmlFor={`${id}-status`} className="visually-hidden">
        Status filter
      </label>
      <select id={`${id}-status`} value={filter} onChange={(e) => onFilter(e.target.value as Filter)}>
        {FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          onSearch("");
          onFilter("all");
        }}
      >
        Clear Filters
      </button>
    </div>
  );
}
