import { type Employee, STATUS_LABELS, statusOf } from "@contracts/employees";

export type EmployeeAction = "status" | "toggle-active" | "name" | "pin" | "breaks" | "delete";

type Props = {
  employees: Employee[];
  /** Absent in the read-only demo: every action is shown disabled. */
  onAction?: (action: EmployeeAction, employee: Employee) => void;
  /** Breaks appears where the plan includes per-employee breaks. */
  showBreaks?: boolean;
};

export function EmployeeTable({ employees, onAction, showBreaks = false }: Props) {
  const disabled = !onAction;
  const act = (action: EmployeeAction, employee: Employee) => () => onAction?.(action, employee);
  return (
    <div className="table-wrap">
      <table className="table">
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
            return (
              <tr key={employee.id} className={employee.active ? undefined : "table__row--inactive"}>
                <th scope="row">{name}</th>
                <td>{employee.username}</td>
                <td>
                  <span className={`status-pill status-pill--${status}`}>{STATUS_LABELS[status]}</span>
                  {!employee.active && <span className="status-pill status-pill--inactive">Inactive</span>}
                  {employee.status_note && <span className="table__note">{employee.status_note}</span>}
                </td>
                <td>{employee.checked_in ? "Checked in" : "—"}</td>
                <td>
                  <div className="table__actions">
                    {actionsFor(employee, showBreaks).map(({ action, label, ariaLabel, danger }) => (
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
                    ))}
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

/** The row's buttons, in order; each has an accessible name that says whose row it acts on. */
type RowAction = { action: EmployeeAction; label: string; ariaLabel: string; danger?: boolean };

function actionsFor(employee: Employee, showBreaks: boolean): RowAction[] {
  const name = `${employee.first_name} ${employee.last_name}`;
  const toggle = employee.active ? "Deactivate" : "Activate";
  return [
    { action: "status", label: "Status", ariaLabel: `Status for ${name}` },
    { action: "toggle-active", label: toggle, ariaLabel: `${toggle} ${name}` },
    { action: "name", label: "Name", ariaLabel: `Change name of ${name}` },
    { action: "pin", label: "PIN", ariaLabel: `Change PIN of ${name}` },
    ...(showBreaks ? [{ action: "breaks", label: "Breaks", ariaLabel: `Breaks for ${name}` } as const] : []),
    { action: "delete", label: "Delete", ariaLabel: `Delete ${name}`, danger: true },
  ];
}
