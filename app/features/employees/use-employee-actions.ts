import type { Employee } from "@contracts/employees";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { type NewEmployee, staffChanges, useStaffChange } from "./api";
import type { EmployeeAction } from "./components/employee-table";
import { useStaffAppInvitations } from "./use-staff-app-invitations";

/** The employee a dialog is open for, and which dialog. */
export type OpenDialog = { action: "status" | "name" | "pin" | "breaks" | "pay"; employee: Employee } | null;

/**
 * What the Employees tab does (./components/employees-tab.tsx): add an employee, and a row's actions, which
 * either open a dialog or act at once (deactivate, delete after a confirmation).
 */
export function useEmployeeActions(locationId: string) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const create = useStaffChange(
    locationId,
    (employee: NewEmployee) => staffChanges.create(locationId, employee),
    "Error creating employee",
  );
  const toggleActive = useStaffChange(
    locationId,
    (employee: Employee) => staffChanges.setActive(employee.id, !employee.active),
    "Error updating employee status",
  );
  const remove = useStaffChange(
    locationId,
    (employee: Employee) => staffChanges.remove(employee.id),
    "Error deleting employee",
  );

  const invite = useStaffAppInvitations(locationId);

  async function add(employee: NewEmployee) {
    if (!employee.first_name.trim() || !employee.last_name.trim()) {
      toast.error("First and last name are required");
      return false;
    }
    if (!/^\d{4}$/.test(employee.pin)) {
      toast.error("PIN must be exactly 4 digits");
      return false;
    }
    try {
      const created = await create.mutateAsync(employee);
      toast.success(`${created.employee.first_name} added — kiosk username ${created.employee.username}`);
      return true;
    } catch {
      return false; // toasted by the mutation
    }
  }

  function act(action: EmployeeAction, employee: Employee) {
    const name = `${employee.first_name} ${employee.last_name}`;
    if (
      action === "status" ||
      action === "name" ||
      action === "pin" ||
      action === "breaks" ||
      action === "pay"
    ) {
      return setOpen({ action, employee });
    }
    if (action === "toggle-active") {
      toggleActive.mutate(employee, {
        onSuccess: () => toast.success(`${name} ${employee.active ? "deactivated" : "activated"}`),
      });
    } else if (action === "invite") {
      invite([employee]);
    } else if (action === "delete") {
      if (!window.confirm(`Delete ${name}? Their attendance history and hours are kept.`)) return;
      remove.mutate(employee, { onSuccess: () => toast.success(`${name} deleted`) });
    }
  }

  const done = () => setOpen(null);
  return { add, act, open, done, invite };
}
