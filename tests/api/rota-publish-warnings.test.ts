import { expect, it } from "vitest";
import type { Employee } from "../../worker/contracts/employees";
import type { RotaWarning } from "../../worker/contracts/rota";
import { api } from "../support/api";
import { JANE, shopWith } from "../support/kiosk";

// Publishing a week with working-time warnings (docs/rota.md, "Working-time checks on the plan"): refused
// until the manager says they read them. The warnings are the rules' (worker/services/rota-checks.ts).

it("refuses to publish a week with a short rest until the warnings are acknowledged", async () => {
  const { manager, locationId, employees } = await shopWith([JANE]);
  const jane = employees[0] as Employee;
  const base = `/api/manager/rota/${locationId}`;
  const send = (path: string, body: Record<string, unknown>) =>
    api("POST", `${base}${path}`, { token: manager.token, body });
  // Monday ends 23:00, Tuesday starts 07:00: eight hours' rest, not eleven (GMT in March).
  const shift = (start_at: string, end_at: string) =>
    send("/shifts", { employee_id: jane.id, start_at, end_at, break_minutes: 30 });
  expect((await shift("2027-03-01T15:00:00Z", "2027-03-01T23:00:00Z")).status).toBe(201);
  const tuesday = await shift("2027-03-02T07:00:00Z", "2027-03-02T15:00:00Z");
  expect(tuesday.status).toBe(201);

  const week = await api("GET", `${base}?week=2027-03-01`, { token: manager.token });
  const warnings = week.body.warnings as RotaWarning[];
  expect(warnings.map((w) => [w.rule, w.employee_id])).toContainEqual(["daily_rest", jane.id]);

  const refused = await send("/publish", { week: "2027-03-01" });
  const n = warnings.length;
  expect(refused).toMatchObject({
    status: 409,
    body: {
      detail: `This week has ${n} working-time ${n === 1 ? "warning" : "warnings"}. Read ${n === 1 ? "it" : "them"}, then publish again to confirm.`,
      warnings,
    },
  });
  const still = await api("GET", `${base}?week=2027-03-01`, { token: manager.token });
  expect(still.body.published_at).toBeNull();

  const published = await send("/publish", { week: "2027-03-01", acknowledge_warnings: true });
  expect(published.status).toBe(200);
  expect((await api("GET", `${base}?week=2027-03-01`, { token: manager.token })).body.published_at).toBe(
    published.body.published_at,
  );
});
