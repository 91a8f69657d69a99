import type { PlannedShift, StoredShift } from "../../domain/rota";
import type { HubCore } from "../hub-core";
import type { Bounds } from "../hub-records";
import type { RotaWeekRow } from "../hub-rota";

/** The rota's room (docs/rota.md): a week's planned shifts, and the published ones the rest of Clocked goes by. */
export class RotaRoom {
  constructor(private readonly hub: HubCore) {}

  /** A week's shifts (drafts, published, deleted since publishing) and its publication, if any. */
  async week(
    week: string,
    bounds: Bounds,
  ): Promise<{ shifts: StoredShift[]; publication: RotaWeekRow | null }> {
    await this.hub.site();
    return { shifts: this.hub.rota.begunBetween(bounds), publication: this.hub.rota.publication(week) };
  }

  /** The published shifts overlapping a period, as published (hours, timesheets, reports, the assistant). */
  async plannedShifts(bounds: Bounds): Promise<PlannedShift[]> {
    await this.hub.site();
    return this.hub.rota.publishedOverlapping(bounds);
  }
}
