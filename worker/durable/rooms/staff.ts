import type { BreakOverride, BreakOverrideRequest } from "../../contracts/settings";
import type { BreakOverrideRecord, StatusPeriodRecord } from "../../domain/account-export";
import type { StaffStatus } from "../../domain/hub-exchange";
import type { DateRange } from "../../domain/leave";
import type { HubCore } from "../hub-core";
import type { StaffEditor, StatusPeriod } from "../hub-staff";

/** The staff room: what the hub owns of its staff (PIN hashes, statuses, own breaks), audited as it changes. */
export class StaffRoom {
  constructor(private readonly hub: HubCore) {}

  /** A new employee's PIN hash, stored before the control plane lists them (its audit row is "created"). */
  async storePin(employeeId: string, pinHash: string): Promise<void> {
    await this.hub.site();
    this.hub.records.setPin(employeeId, pinHash, Date.now(), null);
  }

  /** The control plane did not add the employee after all: their PIN goes. */
  dropPin(employeeId: string): void {
    this.hub.records.staff.dropPin(employeeId);
  }

  /** A manager changed the employee's PIN; false when no such employee works here. */
  async changePin(employeeId: string, pinHash: string, by: StaffEditor): Promise<boolean> {
    if (!(await this.hub.employs(employeeId))) return false;
    this.hub.records.setPin(employeeId, pinHash, Date.now(), by);
    await this.hub.afterAudited();
    return true;
  }

  /** Own breaks and workdays, of current staff or (`withDeleted`) of everyone whose hours still count. */
  async breakOverrides(withDeleted = false): Promise<BreakOverrideRecord[]> {
    await this.hub.site();
    return this.hub.records.staff.breakOverrides(withDeleted);
  }

  async setBreakOverride(
    employeeId: string,
    input: BreakOverrideRequest,
    by: StaffEditor,
  ): Promise<BreakOverride | null> {
    if (!(await this.hub.employs(employeeId))) return null;
    const override = this.hub.records.staff.setBreakOverride(employeeId, input, by, Date.now());
    await this.hub.afterAudited();
    return override;
  }

  /** Back to the location's standard; false when there was none (or no such employee). */
  async removeBreakOverride(employeeId: string, by: StaffEditor): Promise<boolean> {
    if (!(await this.hub.employs(employeeId))) return false;
    const removed = this.hub.records.staff.removeBreakOverride(employeeId, by, Date.now());
    if (removed) await this.hub.afterAudited();
    return removed;
  }

  /** Sets the employee's status for a period; false when no such employee works here. */
  async changeStatus(employeeId: string, period: StatusPeriod, by: StaffEditor): Promise<boolean> {
    if (!(await this.hub.employs(employeeId))) return false;
    this.hub.records.staff.changeStatus(employeeId, period, by, Date.now());
    await this.hub.afterAudited();
    return true;
  }

  /** Current staff's status now and who is checked in: what the dashboard's staff list adds to D1's. */
  async staffState(): Promise<{ statuses: Record<string, StaffStatus>; checkedIn: string[] }> {
    await this.hub.site();
    return {
      statuses: Object.fromEntries(this.hub.records.staff.statuses()),
      checkedIn: this.hub.records.openSessions().map((session) => session.employeeId),
    };
  }

  /** Current staff's status now and the status periods touching the range (leave analytics, checks). */
  async leave(
    range: DateRange,
  ): Promise<{ current: { id: string; currentStatus: string }[]; periods: StatusPeriodRecord[] }> {
    await this.hub.site();
    const current = [...this.hub.records.staff.statuses()].map(([id, status]) => ({
      id,
      currentStatus: status.status,
    }));
    return { current, periods: this.hub.records.staff.periodsTouching(range) };
  }

  /** Everything the hub owns of its staff, deleted employees' too (the account export). */
  async staffRecords(): Promise<{
    statuses: Record<string, StaffStatus>;
    history: StatusPeriodRecord[];
    overrides: BreakOverrideRecord[];
  }> {
    await this.hub.site();
    const { staff } = this.hub.records;
    return {
      statuses: Object.fromEntries(staff.allStatuses()),
      history: staff.history(),
      overrides: staff.breakOverrides(true),
    };
  }
}
