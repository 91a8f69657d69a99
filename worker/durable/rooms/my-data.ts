import type { EmployeeRecords } from "../../domain/my-data";
import type { HubCore } from "../hub-core";

/** A staff member's own records, read for their export; never another employee's. */
export class MyDataRoom {
  constructor(private readonly hub: HubCore) {}

  async recordsOf(employeeId: string): Promise<EmployeeRecords> {
    const { hub } = this;
    await hub.site();
    // Sessions the kiosk recorded, and entries a manager added (which exist only as versions).
    const ids = hub.ctx.storage.sql
      .exec<{ id: string }>(
        `SELECT id FROM sessions WHERE employee_id = ?
         UNION SELECT entry_id AS id FROM entry_versions WHERE employee_id = ?`,
        employeeId,
        employeeId,
      )
      .toArray()
      .map((row) => row.id);
    const entries = ids
      .map((entryId) => ({ entryId, history: hub.entries.history(entryId) ?? [] }))
      .filter((e) => e.history.length > 0)
      .sort((a, b) => (a.history[0]?.check_in_at ?? "").localeCompare(b.history[0]?.check_in_at ?? ""));
    const shifts = hub.rota
      .employeeBegunBetween(employeeId, { start: 0, end: Number.MAX_SAFE_INTEGER })
      .flatMap((shift) => (shift.published ? [{ id: shift.id, ...shift.published }] : []));
    return {
      entries,
      statusPeriods: hub.records.staff.history().filter((p) => p.employeeId === employeeId),
      shifts,
      queries: hub.queries.of(employeeId),
      positions: hub.records.positions.of(ids).filter((p) => p.employeeId === employeeId),
    };
  }
}

export type { EmployeeRecords };
