// A link into the dashboard's Employees tab showing just some employees (the payroll export's "who has no
// payroll ID"): /manager-dashboard?tab=employees&employees=<id,id>. The dashboard reads it once and drops it
// from the address, so a reload shows the dashboard as usual.

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The address that opens the Employees tab showing these employees. */
export const employeesLink = (ids: readonly string[]) =>
  `/manager-dashboard?tab=employees&employees=${ids.filter((id) => ID.test(id)).join(",")}`;

/**
 * What a dashboard address asks of the Employees tab: null when it does not open it; otherwise the employees
 * to show (none named: everyone).
 */
export function linkedEmployees(search: string): { ids: string[] } | null {
  const params = new URLSearchParams(search);
  if (params.get("tab") !== "employees") return null;
  const ids = (params.get("employees") ?? "").split(",").filter((id) => ID.test(id));
  return { ids: [...new Set(ids)] };
}

/** The address without the link's own parameters. */
export function withoutEmployeesLink(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("tab");
  params.delete("employees");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
