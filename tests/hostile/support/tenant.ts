import { env } from "cloudflare:workers";
import type { Employee } from "../../../worker/contracts/employees";
import { api, type createManager } from "../../support/api";
import { checkIn, JANE, type NewStaff, RAVI, shopWith } from "../../support/kiosk";
import type { Ids } from "./routes";

export type Tenant = Awaited<ReturnType<typeof tenant>>;

/**
 * An account with everything a path can name: a location, its staff (the first checked in, so closing
 * their session is a real change), a paired kiosk device, and a report when the product keeps any.
 */
export async function tenant(
  options: Parameters<typeof createManager>[0] = {},
  staff: [NewStaff, ...NewStaff[]] = [JANE, RAVI],
) {
  const { manager, locationId, employees } = await shopWith(staff, options);
  const employee = employees[0] as Employee;
  const checkedIn = await checkIn(locationId, employee.username, staff[0].pin);
  if (checkedIn.status !== 200) throw new Error(`check-in: ${JSON.stringify(checkedIn.body)}`);
  const paired = await api("POST", `/api/manager/kiosk-devices/${locationId}`, {
    token: manager.token,
    body: { label: "Front desk" },
  });
  if (paired.status !== 201) throw new Error(`pairing: ${JSON.stringify(paired.body)}`);
  const ids: Ids = {
    location: locationId,
    employee: employee.id,
    device: String(paired.body.device_id),
    report: await reportOf(locationId),
    initial: employee.first_name.slice(0, 1),
  };
  return { manager, locationId, employees, employee, ids, kioskToken: String(paired.body.token) };
}

/** A report row of the location, in whichever table the product keeps reports (none yet: undefined). */
async function reportOf(locationId: string): Promise<string | undefined> {
  const { results: tables } = await env.DB.prepare(
    `SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name LIKE '%report%'
       AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'location_id')
       AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'id')`,
  ).all<{ name: string }>();
  for (const { name } of tables) {
    const row = await env.DB.prepare(`SELECT id FROM "${name}" WHERE location_id = ? LIMIT 1`)
      .bind(locationId)
      .first<{ id: string }>();
    if (row) return row.id;
  }
  return undefined;
}
