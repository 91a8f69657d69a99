import { MAX_ENTRY_HOURS } from "../../contracts/timesheets";
import type { PlannedShift } from "../../domain/rota";
import type { Entry } from "../../domain/timesheet";
import { PERIOD_LOCKED } from "../hub-approvals";
import type { HubCore } from "../hub-core";
import { ENTRY_NOT_FOUND, type Manager } from "../hub-entries";
import { HubOvertime, type OvertimeApproval } from "../hub-overtime";
import type { Bounds } from "../hub-records";

/** What the plan says about a period's entries: the published shifts they may have worked, approved overtime. */
export type RotaPay = { shifts: PlannedShift[]; overtime: OvertimeApproval[] };

export type OvertimeResult =
  | { ok: true; entry: Entry; approval: OvertimeApproval | null }
  | { ok: false; refusal: "not_found" | "conflict"; detail: string };

/** An entry is at most this long: a shift it overlaps began or ends at most this far outside the period. */
const ENTRY_REACH_MS = MAX_ENTRY_HOURS * 60 * 60_000;

/** The plan against the timesheet (docs/rota.md, "Pay to the rota"): what pay and variance read, and overtime. */
export class RotaPayRoom {
  readonly overtime: HubOvertime;

  constructor(private readonly hub: HubCore) {
    this.overtime = new HubOvertime(hub.ctx.storage.sql, hub.records.audits);
  }

  /**
   * The published shifts any entry of the period may have worked (as published), and the overtime approved on
   * the period's entries.
   */
  async against(bounds: Bounds): Promise<RotaPay> {
    await this.hub.site();
    return this.#against(bounds, this.hub.entries.overlapping(bounds));
  }

  #against(bounds: Bounds, entries: readonly Entry[]): RotaPay {
    const reach = { start: bounds.start - ENTRY_REACH_MS, end: bounds.end + ENTRY_REACH_MS };
    return {
      shifts: this.hub.rota.publishedOverlapping(reach),
      overtime: this.overtime.of(entries.map((entry) => entry.id)),
    };
  }

  /** A manager approves (or withdraws) the overtime on an entry; refused once its pay period is approved. */
  async setOvertime(entryId: string, approved: boolean, by: Manager): Promise<OvertimeResult> {
    const { hub } = this;
    await hub.site();
    const entry = hub.entries.entry(entryId);
    if (!entry) return { ok: false, refusal: "not_found", detail: ENTRY_NOT_FOUND };
    if (entry.voided) return { ok: false, refusal: "conflict", detail: "This entry is void." };
    const now = Date.now();
    if (hub.records.approvals.locks(entry.employeeId, entry.checkIn, entry.checkOut ?? now)) {
      return { ok: false, refusal: "conflict", detail: PERIOD_LOCKED };
    }
    const approval = hub.ctx.storage.transactionSync(() => this.overtime.set(entry, approved, by, now));
    await hub.afterAudited();
    return { ok: true, entry, approval };
  }
}
