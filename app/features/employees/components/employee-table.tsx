import { type Employee, STATUS_LABELS, statusOf } from "@contracts/employees";
import type { Permission } from "@contracts/team";
import { LockedButton } from "../../../components/upgrade-hint";

export type EmployeeAction =
  | "status"
  | "toggle-active"
  | "name"
  | "pin"
  | "breaks"
  | "pay"
  | "invite"
  | "delete";

type Props = {
  employees: Employee[];
  /** Absent in the read-only demo: every action is shown disabled. */
  onAction?: (action: EmployeeAction, employee: Employee) => void;
  /** Breaks appears where the plan includes per-employee breaks. */
  showBreaks?: boolean;
  /** Pay (pay terms): "open" where the plan includes payroll, "locked" (an upgrade hint) where not. */
  pay?: "open" | "locked";
  /** Each employee's payroll ID (works number), by employee id, shown under the username. */
  payrollIds?: ReadonlyMap<string, string>;
  /** Each worker's holiday for their leave year in words, by employee id, shown under the name (compliance). */
  holidayNotes?: ReadonlyMap<string, string>;
  /** What the signed-in member's role allows (docs/team.md): a button it does not allow is not shown. */
  can?: (permission: Permission) => boolean;
};

const everything = () => true;

export function EmployeeTable({
  employees,
  onAction,
  showBreaks = false,
  pay,
  payrollIds,
  holidayNotes,
  can = everything,
}: Props) {
  const disabled = !onAction;
  const act = (action: EmployeeAction, employee: Employee) => () => onAction?.(action, employee);
  return (
    <div className="table-wrap">
      <table className="table employee-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Username</th>
            <th scope="col">Status</th>
            <th scope="col">Now</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => {
            const status = statusOf(employee.current_status);
            const name = `${employee.first_name} ${employee.last_name}`;
            const payrollId = payrollIds?.get(employee.id);
            const holiday = holidayNotes?.get(employee.id);
            return (
              <tr key={employee.id} className={employee.active ? undefined : "table__row--inactive"}>
                <th scope="row" className="employee-table__name">
                  {name}
                  {holiday !== undefined && (
                    <span className="table__note table__note--holiday">{holiday}</span>
                  )}
                </th>
                <td className="employee-table__username">
                  {employee.username}
                  {employee.email && <span className="table__note">{employee.email}</span>}
                  {employee.staff_app_invited_at !== null && (
                    <span className="table__note">Invited {invitedOn(employee.staff_app_invited_at)}</span>
                  )}
                  {payrollId && <span className="table__note">Payroll ID {payrollId}</span>}
                </td>
                <td className="employee-table__status">
                  <span className={`status-pill status-pill--${status}`}>{STATUS_LABELS[status]}</span>
                  {!employee.active && <span className="status-pill status-pill--inactive">Inactive</span>}
                  {employee.status_note && <span className="table__note">{employee.status_note}</span>}
                </td>
                <td className={employee.checked_in ? "employee-table__now" : "employee-table__now--out"}>
                  {employee.checked_in ? "Checked in" : "—"}
                </td>
                <td className="employee-table__actions">
                  <div className="table__actions">
                    {actionsFor(employee, showBreaks, pay)
                      .filter((row) => can(ACTION_PERMISSIONS[row.action]))
                      .map(({ action, label, ariaLabel, danger, locked }) =>
                        locked ? (
                          <LockedButton key={action} feature="payroll" label={label} name={ariaLabel} />
                        ) : (
                          <button
                            key={action}
                            type="button"
                            className={`button button--small ${danger ? "button--danger" : "button--ghost"}`}
                            disabled={disabled}
                            onClick={act(action, employee)}
                            aria-label={ariaLabel}
                          >
                            {label}
                          </button>
                        ),
                      )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** What a team member's role needs for each button (docs/team.md): Payroll sees Pay only. */
const ACTION_PERMISSIONS: Record<EmployeeAction, Permission> = {
  status: "employees:edit",
  "toggle-active": "employees:edit",
  name: "employees:edit",
  pin: "pins:edit",
  breaks: "breaks:edit",
  pay: "pay-terms:read",
  invite: "employees:edit",
  delete: "employees:edit",
};

/** The day of the last staff app invitation, dd/mm/yyyy in UK time. */
const invitedOn = (at: number) => new Date(at).toLocaleDateString("en-GB", { timeZone: "Europe/London" });

/** The row's buttons, in order; each has an accessible name that says whose row it acts on. */
type RowAction = {
  action: EmployeeAction;
  label: string;
  ariaLabel: string;
  danger?: boolean;
  /** Shown as an upgrade hint: the plan does not include it. */
  locked?: boolean;
};

function actionsFor(employee: Employee, showBreaks: boolean, pay: Props["pay"]): RowAction[] {
  const name = `${employee.first_name} ${employee.last_name}`;
  const toggle = employee.active ? "Deactivate" : "Activate";
  const actions: RowAction[] = [
    { action: "status", label: "Status", ariaLabel: `Status for ${name}` },
    { action: "toggle-active", label: toggle, ariaLabel: `${toggle} ${name}` },
    { action: "name", label: "Name", ariaLabel: `Change name of ${name}` },
    { action: "pin", label: "PIN", ariaLabel: `Change PIN of ${name}` },
  ];
  if (showBreaks) actions.push({ action: "breaks", label: "Breaks", ariaLabel: `Breaks for ${name}` });
  if (pay) {
    actions.push({
      action: "pay",
      label: "Pay",
      ariaLabel: `Pay terms for ${name}`,
      locked: pay === "locked",
    });
  }
  // The staff app signs people in by e-mail: only someone with an address can be invited.
  if (employee.email && employee.active) {
    actions.push({
      action: "invite",
      label: "Invite to the staff app",
      ariaLabel: `Invite ${name} to the staff app`,
    });
  }
  actions.push({ action: "delete", label: "Delete", ariaLabel: `Delete ${name}`, danger: true });
  return actions;
}
