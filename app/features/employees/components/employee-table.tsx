import { type Employee, STATUS_LABELS, statusOf } from "../../../../worker/contracts/employees";

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
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disabled}
                      onClick={act("status", employee)}
                      aria-label={`Status for ${name}`}
                    >
                      Status
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disabled}
                      onClick={act("toggle-active", employee)}
                      aria-label={`${employee.active ? "Deactivate" : "Activate"} ${name}`}
                    >
                      {employee.active ? "Deactivate" : "Activate"}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disabled}
                      onClick={act("name", employee)}
                      aria-label={`Change name of ${name}`}
                    >
                      Name
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={disabled}
                      onClick={act("pin", employee)}
                      aria-label={`Change PIN of ${name}`}
                    >
                      PIN
                    </button>
                    {showBreaks && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={disabled}
                        onClick={act("breaks", employee)}
                        aria-label={`Breaks for ${name}`}
                      >
                        Breaks
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--danger button--small"
                      disabled={disabled}
                      onClick={act("delete", employee)}
                      aria-label={`Delete ${name}`}
                    >
                      Delete
                    </button>
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
