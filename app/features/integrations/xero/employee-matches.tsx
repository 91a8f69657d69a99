import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSaveMatches, xeroEmployeesQuery } from "./api";

const SUGGESTED_BY = { payroll_id: "payroll ID", name_and_birth: "name and date of birth" } as const;

/** Each Clocked employee beside a Xero employee: Clocked's suggestions filled in, saved when confirmed. */
export function EmployeeMatches() {
  const listed = useQuery(xeroEmployeesQuery);
  const save = useSaveMatches();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  if (!listed.data) return <p>Reading Xero's employees…</p>;
  const { employees, xero_employees } = listed.data;
  const matchOf = (e: (typeof employees)[number]) =>
    chosen[e.employee_id] ?? e.xero_employee_id ?? e.suggestion?.xero_employee_id ?? "";
  const changes = employees
    .filter((e) => matchOf(e) !== (e.xero_employee_id ?? ""))
    .map((e) => ({ employee_id: e.employee_id, xero_employee_id: matchOf(e) || null }));

  return (
    <div className="xero__block">
      <h4>Employees</h4>
      <table className="xero__table">
        <thead>
          <tr>
            <th scope="col">Clocked</th>
            <th scope="col">Payroll ID</th>
            <th scope="col">Xero employee</th>
          </tr>
        </thead>
        <tbody>
          {employees.map((e) => (
            <tr key={e.employee_id}>
              <th scope="row">{e.name}</th>
              <td>{e.payroll_id ?? "—"}</td>
              <td>
                <select
                  aria-label={`Xero employee for ${e.name}`}
                  value={matchOf(e)}
                  onChange={(event) => setChosen({ ...chosen, [e.employee_id]: event.target.value })}
                >
                  <option value="">Not matched</option>
                  {xero_employees.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                      {x.employee_number ? ` (${x.employee_number})` : ""}
                    </option>
                  ))}
                </select>
                {!e.xero_employee_id && e.suggestion && matchOf(e) === e.suggestion.xero_employee_id && (
                  <small className="xero__hint">
                    {" "}
                    Suggested by {SUGGESTED_BY[e.suggestion.by]}: save to confirm
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="button button--primary button--small"
        disabled={changes.length === 0 || save.isPending}
        onClick={() => save.mutate({ links: changes }, { onSuccess: () => setChosen({}) })}
      >
        Save matches
      </button>
    </div>
  );
}
