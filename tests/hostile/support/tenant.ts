import { env } from "cloudflare:workers";
import type { Employee } from "../../../worker/contracts/employees";
import { getDb } from "../../../worker/db/client";
import { weeklyReports } from "../../../worker/db/schema";
import { newId } from "../../../worker/lib/crypto";
import { api, type createManager } from "../../support/api";
import { createApiKey } from "../../support/api-keys";
import { checkIn, JANE, type NewStaff, RAVI, shopWith } from "../../support/kiosk";
import { staffSessionFor } from "../../support/staff";
import type { Ids } from "./routes";

export type Tenant = Awaited<ReturnType<typeof tenant>>;

/**
 * An account with everything a path can name: a location, its staff (the first checked in, so closing
 * their session is a real change, and signed in to the staff app), a paired kiosk device and an automated
 * report.
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
    report: await addReport(locationId, employee),
    initial: employee.first_name.slice(0, 1),
  };
  const staffApp = await staffSessionFor(employee.id);
  const apiKey = await createApiKey(manager.token, { scope: "read_write" });
  return {
    manager,
    locationId,
    employees,
    employee,
    ids,
    kioskToken: String(paired.body.token),
    staff: staffApp,
    /** A read-write API key of the account, every location (docs/public-api.md). */
    apiKey: apiKey.secret,
  };
}

/** A report the Monday job could have made for the location: its row and its CSV in R2. */
async function addReport(locationId: string, employee: Employee): Promise<string> {
  const id = newId();
  const r2Key = `reports/${locationId}/week_2026_01_05-${id}.csv`;
  const csv = `Employee,Hours\r\n${employee.first_name} ${employee.last_name},37.5\r\n`;
  await env.FILES.put(r2Key, csv);
  await getDb(env.DB).insert(weeklyReports).values({
    id,
    locationId,
    kind: "7_days",
    period: "week_2026_01_05",
    startDate: "2026-01-05",
    endDate: "2026-01-11",
    r2Key,
    size: csv.length,
  });
  return id;
}
